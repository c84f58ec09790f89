// Types of src/cli/startFlags.mjs.
export const START_V8_FLAGS: readonly string[];
export function setStartFlags(): void;
