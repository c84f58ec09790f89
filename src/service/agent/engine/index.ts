import type { ResolvedAgentOptions } from '../options.js';
import { BuiltinEngine } from './builtin.js';
import { LlmEngine } from './llm.js';
import type { AnswerEngine } from './types.js';

/** The built-in engine, or the model backend when one is configured. */
export function createAnswerEngine(options: ResolvedAgentOptions): AnswerEngine {
  return options.llm ? new LlmEngine(options.llm) : new BuiltinEngine();
}
