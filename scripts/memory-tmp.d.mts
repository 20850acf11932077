/** See memory-tmp.mjs. */
export function tempInMemory(): void;
