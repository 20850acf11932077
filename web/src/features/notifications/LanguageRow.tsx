import { t } from "@lingui/core/macro";
import { useState } from "react";
import { LANGUAGES, type Language } from "@common/languages";
import { useAction } from "@/api/useAction";
import { showLanguage, useLanguage } from "@/i18n/language";
import { useWebApp } from "@/telegram/context";
import { saveLanguage } from "./api";

/** Each language by its own name, as its readers look for it in a list. */
const NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  ru: "Русский",
  fr: "Français",
  tr: "Türkçe",
  id: "Bahasa Indonesia",
  ar: "العربية",
};

/** "Telegram's": the choice undone, the language of his Telegram app (else English) again. */
const TELEGRAMS = "telegram";

/**
 * Settings' Language row (PUT /me/language): the language the user reads, over the one his
 * Telegram app gives; kept with him on the server, so the bot and his other devices follow it.
 */
export function LanguageRow() {
  const webApp = useWebApp();
  const shown = useLanguage((s) => s.language);
  // After a choice the server's answer says what Telegram's would be; before it, unknown.
  const [telegram, setTelegram] = useState<Language | null | undefined>(undefined);
  const { busy, run } = useAction({ onError: () => webApp.showAlert(t`Failed to save your settings`) });

  const choose = (value: string) =>
    run(async () => {
      const language = value === TELEGRAMS ? null : (value as Language);
      const answer = await saveLanguage(language);
      setTelegram(answer.telegram);
      await showLanguage(answer.language);
    });

  const telegramName = telegram ? NAMES[telegram] : null;
  return (
    <label className="notify-row">
      <span>{t`Language`}</span>
      <select value={shown === "pseudo" ? "en" : shown} disabled={busy} onChange={(e) => void choose(e.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {NAMES[language]}
          </option>
        ))}
        <option value={TELEGRAMS}>{telegramName ? t`Telegram's (${telegramName})` : t`Telegram's`}</option>
      </select>
    </label>
  );
}
