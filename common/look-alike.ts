// A book name's look, for telling names apart (docs/decisions/languages.md, "Names and texts in any script"):
// two names with the same look are taken for one another, and a book cannot take a name that looks
// like another book's. In the spirit of the "skeleton" of Unicode's UTS #39 (no npm package keeps
// Unicode's confusables data current at a size for a Worker, so this is a compact table of our own):
// NFKD (𝐁, Ｂ and Ⓑ are B; ligatures split), lower case, marks dropped (é is e), characters
// nobody sees dropped, then the look-alikes below mapped to one letter, "rn" read as "m", and runs
// of spaces as one. The look is never shown: "Bookie" looks like "bookle".
//
// The table covers what a spoofer reaches for in a Latin, Cyrillic or Arabic name: the Cyrillic
// and Greek letters that look like Latin ones (each by its lower case, since case is ignored: в is
// b because В looks like B; Greek η, μ, ν, υ go by their capitals' look), a few Latin letters
// without a decomposition (ł, ø, đ, ħ), digits and strokes that pass for letters (0 for o;
// 1, i, l, |, dotless ı, Cyrillic і and ӏ, Greek ι, Arabic alef and one all for l), Arabic digits
// and letters shaped like Latin ones, and the dashes and quotes that look alike.
// The migration that filled existing names (migrations/0022_name_skeleton.sql) repeats the part that
// touches printable ASCII (0, 1, i, |, "rn", spaces) in SQL: keep the two alike.

const LOOK_ALIKES: Record<string, string> = {
  // Digits and strokes
  "0": "o",
  "1": "l",
  i: "l",
  "|": "l",
  ı: "l",
  ǀ: "l",
  ɪ: "l",
  // Latin letters with no decomposition
  ł: "l",
  ø: "o",
  đ: "d",
  ħ: "h",
  ɑ: "a",
  ɡ: "g",
  // Cyrillic
  а: "a",
  б: "6",
  в: "b",
  г: "r",
  е: "e",
  з: "3",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  п: "n",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  і: "l",
  ј: "j",
  ӏ: "l",
  һ: "h",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ү: "y",
  ѵ: "v",
  // Greek
  α: "a",
  β: "b",
  γ: "y",
  ε: "e",
  ζ: "z",
  η: "h",
  ι: "l",
  κ: "k",
  μ: "m",
  ν: "n",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "y",
  χ: "x",
  ϲ: "c",
  ϳ: "j",
  // Armenian
  օ: "o",
  ս: "u",
  հ: "h",
  // Arabic
  ا: "l",
  "١": "l",
  "۱": "l",
  ه: "o",
  "٥": "o",
  "۵": "o",
  "٧": "v",
  "۷": "v",
  // Dashes and quotes
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "–": "-",
  "—": "-",
  "―": "-",
  "−": "-",
  "’": "'",
  "‘": "'",
  ʼ: "'",
  "′": "'",
  "´": "'",
  "“": '"',
  "”": '"',
  "″": '"',
};

/** Marks, characters nobody sees (variation selectors, soft hyphens, fillers) and the Arabic tatweel. */
const UNSEEN = /[\p{M}\p{Default_Ignorable_Code_Point}\u0640]/gu;

/** A name's skeleton, its look: equal for two names that look alike. Never shown. */
export function nameSkeleton(name: string): string {
  const folded = name.normalize("NFKD").toLowerCase().normalize("NFKD").replace(UNSEEN, "");
  let look = "";
  for (const char of folded) look += LOOK_ALIKES[char] ?? char;
  return look
    .replace(/rn/g, "m")
    .replace(/[\p{White_Space}]+/gu, " ")
    .trim();
}
