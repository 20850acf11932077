-- Each user's language (docs/decisions/languages.md, "Languages"): the one he chose in Settings (NULL:
-- Telegram's), and Telegram's language_code as one of ours, kept at each sign-in (NULL: none).
ALTER TABLE users ADD COLUMN language TEXT CHECK (language IN ('en', 'es', 'pt-BR', 'ru', 'fr', 'tr', 'id', 'ar'));
ALTER TABLE users ADD COLUMN telegram_language TEXT CHECK (telegram_language IN ('en', 'es', 'pt-BR', 'ru', 'fr', 'tr', 'id', 'ar'));
