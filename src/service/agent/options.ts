// Settings of the agent's job runner and answer engine; every one has a default.

/** An OpenAI-compatible chat endpoint used to phrase answers (off unless configured). */
export interface LlmOptions {
  /** e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  apiKey?: string;
  /** Default model; a turn's `llm_model` overrides it. */
  model: string;
  /** Per-request timeout, ms. Default 60 s. */
  timeoutMs?: number;
}

export interface AgentOptions {
  /** Jobs answered at once. Default 2. */
  concurrency?: number;
  /** A stop is confirmed this long after it is requested (spec part 3: about one second). */
  stopConfirmMs?: number;
  /** A RUNNING job whose worker has not reported for this long is STALE (decisions 13). Default 30 s. */
  staleAfterMs?: number;
  /** How often a worker reports while running. Default staleAfterMs / 3. */
  heartbeatMs?: number;
  /** Pause between streamed chunks of an answer, so partial_answer grows as it is written. Default 15 ms. */
  streamChunkDelayMs?: number;
  /** First month of the fiscal year (1-12) for "this fiscal year", quarters and 年度. Default DOCSYNC_FISCAL_YEAR_START, else 1. */
  fiscalYearStart?: number;
  llm?: LlmOptions;
}

export type ResolvedAgentOptions = Required<Omit<AgentOptions, 'llm'>> & { llm?: LlmOptions };

/** The model backend from the environment, when the embedding program configured none. */
export function llmFromEnv(env: NodeJS.ProcessEnv = process.env): LlmOptions | undefined {
  const baseUrl = env.DOCSYNC_LLM_BASE_URL;
  if (!baseUrl) return undefined;
  const timeoutMs = Number(env.DOCSYNC_LLM_TIMEOUT_MS);
  return { baseUrl, apiKey: env.DOCSYNC_LLM_API_KEY, model: env.DOCSYNC_LLM_MODEL ?? 'gpt-4o-mini', ...(timeoutMs > 0 ? { timeoutMs } : {}) };
}

function fiscalStartFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const month = Number(env.DOCSYNC_FISCAL_YEAR_START);
  return Number.isInteger(month) && month >= 1 && month <= 12 ? month : 1;
}

export function resolveAgentOptions(options: AgentOptions = {}): ResolvedAgentOptions {
  const staleAfterMs = options.staleAfterMs ?? 30_000;
  return {
    concurrency: options.concurrency ?? 2,
    stopConfirmMs: options.stopConfirmMs ?? 1000,
    staleAfterMs,
    heartbeatMs: options.heartbeatMs ?? Math.max(10, Math.floor(staleAfterMs / 3)),
    streamChunkDelayMs: options.streamChunkDelayMs ?? 15,
    fiscalYearStart: options.fiscalYearStart ?? fiscalStartFromEnv(),
    llm: options.llm ?? llmFromEnv(),
  };
}
