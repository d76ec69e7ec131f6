// The page's texts in the reader's language: gettext's catalogue (domain "pages"), sent
// with the page as {English message: translation}; a message without a translation is
// shown as written, as gettext does. Placeholders are named: t("%(name)s passed", {name}).
const catalogue = JSON.parse(document.getElementById("texts").textContent || "{}");

export const language = document.documentElement.lang || "en";

export function t(message, params = {}) {
  const text = catalogue[message] || message;
  return text.replace(/%\((\w+)\)[sd]/g, (_, key) => String(params[key] ?? ""));
}

// Marks a message for the catalogue where it is written, to be translated where it is shown.
export const N_ = (message) => message;
