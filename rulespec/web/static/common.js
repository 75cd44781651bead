// Shared by the play and replay pages: animation speed, showing SVG frames.
"use strict";
const Board = (() => {
  const params = new URLSearchParams(location.search);
  const stored = localStorage.getItem("rulespec-speed");
  let frameMs = params.has("speed") ? Number(params.get("speed")) : stored !== null ? Number(stored) : 160;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function speedControl(container) {
    const label = document.createElement("label");
    label.className = "speed";
    label.textContent = "Sowing animation ";
    const select = document.createElement("select");
    select.id = "speed";
    for (const [ms, name] of [[400, "slow"], [160, "normal"], [60, "fast"], [0, "off"]]) {
      const option = document.createElement("option");
      option.value = String(ms);
      option.textContent = name;
      if (ms === frameMs) option.selected = true;
      select.append(option);
    }
    select.addEventListener("change", () => {
      frameMs = Number(select.value);
      localStorage.setItem("rulespec-speed", select.value);
    });
    label.append(select);
    container.append(label);
  }

  // Draw each frame in turn (the server's SVG, escaped there), then the final board.
  async function animate(element, frames, final) {
    if (frameMs > 0) {
      for (const frame of frames) {
        element.innerHTML = frame;
        await sleep(frameMs);
      }
    }
    element.innerHTML = final;
  }

  // A request that changes something carries the page's token (the server refuses it otherwise).
  function withToken(options) {
    if (!options || !options.method || options.method === "GET") return options;
    const token = document.querySelector('meta[name="csrf-token"]').content;
    return { ...options, headers: { ...(options.headers || {}), "X-CSRF-Token": token } };
  }

  async function getJSON(url, options) {
    const response = await fetch(url, withToken(options));
    const data = await response.json();
    if (!response.ok && data.error) throw new Error(data.error);
    return data;
  }

  return { animate, speedControl, getJSON, sleep };
})();
