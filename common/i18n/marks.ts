// The marks on a text the API or the bot says to users (worker/lib/words.ts says it in the
// reader's language). Here, apart from the catalogues, so common/'s rules can mark their
// messages without bringing the worker's catalogues into the mini-app.

/** A text and the values of its placeholders; a value may itself be words, said in the same language. */
export interface Words {
  text: string;
  values?: Record<string, string | number | Words>;
}

/** Marks a fixed English text said to users (a refusal, a schema's message): a catalogue key. */
export const en = <T extends string>(text: T): T => text;

/** Marks an English text with ICU placeholders ("Your maximum stake is {max}.") said to users. */
export const words = (text: string, values: Words["values"] = {}): Words => ({ text, values });
