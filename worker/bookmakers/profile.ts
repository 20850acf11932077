import * as v from "valibot";
import { NAME_LENGTH_MESSAGE, nameError, termsError } from "../../common/profile";
import { rule } from "../lib/validate";
import { en } from "../lib/words";

// Profile rules (docs/rules/screens.md, "Profile rules"): the checks and messages are common/profile.ts's.
// Names and terms are kept in NFC, as they were checked.

export const BookmakerName = v.pipe(v.string(NAME_LENGTH_MESSAGE), v.trim(), v.normalize("NFC"), rule(nameError));

export const Terms = v.pipe(v.string(en("Terms must be text.")), v.normalize("NFC"), rule(termsError));

export const NameBody = v.object({ name: BookmakerName });
export const TermsBody = v.object({ terms: Terms });
