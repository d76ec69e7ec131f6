// Asking the players before something they cannot take back (a running game replaced):
// a modal <dialog> with the question and two buttons, answered by tap or keyboard.
const dialog = () => document.getElementById("confirm");

export function ask(question, yes, no) {
  const box = dialog();
  box.querySelector("[data-question]").textContent = question;
  box.querySelector("[data-action=confirm-yes]").textContent = yes;
  box.querySelector("[data-action=confirm-no]").textContent = no;
  return new Promise((resolve) => {
    const answer = (value) => () => {
      box.close();
      resolve(value);
    };
    box.querySelector("[data-action=confirm-yes]").onclick = answer(true);
    box.querySelector("[data-action=confirm-no]").onclick = answer(false);
    box.oncancel = answer(false); // Escape keeps the game
    box.showModal();
    box.querySelector("[data-action=confirm-no]").focus();
  });
}
