// The replay page: step through positions forwards and back, the sowing animated.
"use strict";
(() => {
  const root = document.getElementById("replay");
  const rid = root.dataset.rid;
  const count = Number(root.dataset.count);
  const board = document.getElementById("board");
  let index = 0;
  let busy = false;

  async function go(target, animate) {
    target = Math.max(0, Math.min(count - 1, target));
    if (busy) return;
    busy = true;
    root.dataset.busy = "1";
    const from = animate ? `?from=${index}` : "";
    const view = await Board.getJSON(`/api/replay/${rid}/${target}${from}`);
    await Board.animate(board, view.frames, view.svg);
    index = view.index;
    root.dataset.index = String(index);
    document.getElementById("position").textContent = `position ${index} of ${count - 1}`;
    document.getElementById("label").textContent = view.label || "the start";
    document.getElementById("status").textContent = view.status;
    document.getElementById("note").textContent = view.note || "";
    document.getElementById("first").disabled = document.getElementById("back").disabled = index === 0;
    document.getElementById("last").disabled = document.getElementById("forward").disabled = index === count - 1;
    for (const link of document.querySelectorAll("#jump a")) {
      if (Number(link.dataset.index) === index) link.setAttribute("aria-current", "step");
      else link.removeAttribute("aria-current");
    }
    busy = false;
    root.dataset.busy = "0";
  }

  document.getElementById("first").addEventListener("click", () => go(0, false));
  document.getElementById("back").addEventListener("click", () => go(index - 1, true));
  document.getElementById("forward").addEventListener("click", () => go(index + 1, true));
  document.getElementById("last").addEventListener("click", () => go(count - 1, false));
  document.getElementById("jump").addEventListener("click", (event) => {
    const link = event.target.closest("a[data-index]");
    if (!link) return;
    event.preventDefault();
    const target = Number(link.dataset.index);
    go(target, Math.abs(target - index) === 1);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") go(index + 1, true);
    if (event.key === "ArrowLeft") go(index - 1, true);
  });
  Board.speedControl(document.querySelector(".controls"));
  go(0, false);
})();
