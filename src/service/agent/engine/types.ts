// The answer engine's boundary: the runner hands it a question over a set of documents and a
// writer that streams the answer into the job's partial_answer.
import type { Citation } from '../../../contract/agent.js';
import type { DB } from '../../store/sql.js';
import type { ScopedDocument } from '../scope.js';

export type AnswerLanguage = 'en' | 'ja';

export interface AnswerRequest {
  prompt: string;
  documents: ScopedDocument[];
  workspaceId: string;
  language: AnswerLanguage;
  allowInternetSearch: boolean;
  allowQuery: boolean;
  llmModel?: string;
  /** Epoch ms: "today" for overdue questions and relative periods. */
  now: number;
  /** First month of the fiscal year (1-12; 1 when unset): "this fiscal year", "Q1", 年度. */
  fiscalYearStart?: number;
}

export interface AnswerWriter {
  /** Append to the answer being written; rejects once the run is stopped. */
  write(chunk: string): Promise<void>;
  /** The input read so far, in tokens: what a stopped or failed run is charged with. */
  readInput(tokens: number): void;
  readonly signal: AbortSignal;
}

export interface EngineAnswer {
  answer: string;
  citations: Citation[];
  cost: { input_tokens: number; output_tokens: number };
}

export interface AnswerEngine {
  answer(db: DB, request: AnswerRequest, writer: AnswerWriter): Promise<EngineAnswer>;
}

/** A rough token count (about four characters per token), for the cost of built-in answers. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);
