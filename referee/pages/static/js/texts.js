// The page's texts in the reader's language: the gettext catalogue of the domain "pages"
// (referee/i18n), sent with the page as {English text: translation}; a text without a
// translation is shown as written, as gettext does. Placeholders are named, as in the
// Python code: _("{name} passed.", {name}). `_` and `N_` are the marks pybabel extracts.
const catalogue = JSON.parse(document.getElementById("texts").textContent || "{}");

export const language = document.documentElement.lang || "en";

export function _(message, params = {}) {
  const text = catalogue[message] || message;
  return text.replace(/\{(\w+)\}/g, (placeholder, key) => String(params[key] ?? placeholder));
}

// Marks a message for the catalogue where it is written, to be translated where it is shown.
export const N_ = (message) => message;
