/** The code in two halves of five, as read aloud and typed back (the API takes it either way). */
export const spacedCode = (code: string) => `${code.slice(0, 5)} ${code.slice(5)}`;
