import { t } from "@lingui/core/macro";
import { useState } from "react";
import type { BookmakerDto } from "@worker/contract";
import { ApiError } from "@/api/client";
import { useAction } from "@/api/useAction";
import { saveProfile } from "./save-profile";

/** A refused name is said under the name field; any other failure under the form, in the spec's words. */
function nameRefusal(err: unknown): string | null {
  if (err instanceof ApiError && err.code === "NAME_TAKEN") return t`This name is taken. Choose another.`;
  if (err instanceof ApiError && err.code === "VALIDATION" && err.field === "name") return err.message;
  return null;
}

/**
 * Saving the profile (docs/rules/screens.md, "Profile rules"): `nameError` when the API refused the name, `formError`
 * for any other failure. `refresh` reloads the profile after a save, and after a failure too,
 * as a profile may have been saved in part (created, then its terms failed).
 */
export function useSaveProfile(refresh: () => Promise<unknown>) {
  const [nameRefused, setNameRefused] = useState(false);
  const saving = useAction({
    text: (err) => nameRefusal(err) ?? t`Failed to submit. Try again.`,
    onError: (err) => {
      setNameRefused(nameRefusal(err) !== null);
      void refresh();
    },
  });

  return {
    busy: saving.busy,
    nameError: nameRefused ? saving.error : null,
    formError: nameRefused ? null : saving.error,
    /** Answers whether it was saved. */
    save: async (existing: BookmakerDto | null, name: string, terms: string) =>
      (await saving.run(async () => {
        await saveProfile(existing, name, terms);
        await refresh();
        return true;
      })) ?? false,
    /** The name's refusal goes away as soon as he types another. */
    nameChanged: () => nameRefused && saving.clearError(),
  };
}
