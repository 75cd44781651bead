// The play page: click pits, answer the questions asked inside a move, let the computer move.
"use strict";
(() => {
  const root = document.getElementById("play");
  const sid = root.dataset.sid;
  const board = document.getElementById("board");
  const status = document.getElementById("status");
  const question = document.getElementById("question");
  const questionText = document.getElementById("question-text");
  const options = document.getElementById("options");
  const message = document.getElementById("message");
  const moves = document.getElementById("moves");
  let busy = false;

  function setBusy(value) {
    busy = value;
    root.dataset.busy = value ? "1" : "0";
  }

  function post(verb, body) {
    return Board.getJSON(`/api/play/${sid}/${verb}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body || {}),
    });
  }

  async function show(view) {
    question.hidden = true;
    await Board.animate(board, view.frames, view.svg);
    for (const slot of view.clickable) {
      const pit = board.querySelector(`[data-slot="${slot}"]`);
      if (pit) pit.classList.add("legal");
    }
    status.textContent = view.status;
    root.dataset.terminal = view.terminal ? "1" : "0";
    document.getElementById("undo").disabled = !view.undo;
    document.getElementById("hint").disabled = !view.human;
    document.getElementById("resign").disabled = !view.human;
    options.replaceChildren();
    if (view.question) {
      question.classList.toggle("prompt", view.options.length === 0);
      questionText.textContent = view.question;
      for (const option of view.options) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = option.words;
        button.title = `written ${option.label}`;
        button.dataset.action = option.action;
        button.dataset.label = option.label;
        options.append(button);
      }
      question.hidden = false;
    }
    message.hidden = !view.message;
    message.textContent = view.message || "";
    moves.replaceChildren(...view.moves.map((text) => {
      const item = document.createElement("li");
      item.textContent = text;
      return item;
    }));
    if (view.computer && !view.terminal) {
      status.textContent = `${view.status} The computer (${view.computer}) is thinking…`;
      await Board.sleep(250);
      await show(await post("computer"));
    }
  }

  async function act(verb, body) {
    if (busy) return;
    setBusy(true);
    try {
      await show(await post(verb, body));
    } catch (error) {
      message.hidden = false;
      message.textContent = `Something went wrong: ${error.message}`;
    } finally {
      setBusy(false);
    }
  }

  board.addEventListener("click", (event) => {
    const pit = event.target.closest("[data-slot]");
    if (pit) act("click", { slot: Number(pit.dataset.slot) });
  });
  document.querySelector(".tools").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-verb]");
    if (!button) return;
    if (button.dataset.verb === "resign" && !window.confirm("Resign this game?")) return;
    act(button.dataset.verb);
  });
  options.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button) act("choose", { action: Number(button.dataset.action) });
  });
  Board.speedControl(document.querySelector(".seats-line"));
  setBusy(true);
  Board.getJSON(`/api/play/${sid}`).then(show).finally(() => setBusy(false));
})();
