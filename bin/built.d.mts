// Types of bin/built.mjs for the tests.
export const STAMP: string;
export function sourcesMtimeMs(root: string): number;
export function buildIsCurrent(root: string): boolean;
