// Which language an answer is phrased in: the turn's language_code, else the question's script.
import type { AnswerLanguage } from './types.js';

const JAPANESE = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/;

export const hasJapanese = (text: string): boolean => JAPANESE.test(text);

export function languageOf(code: string | undefined, prompt: string): AnswerLanguage {
  if (code) return code.toLowerCase().split('-')[0] === 'ja' ? 'ja' : 'en';
  return hasJapanese(prompt) ? 'ja' : 'en';
}
