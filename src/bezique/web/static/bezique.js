// The script of bezique serve's pages, served as a static file (the content security
// policy allows no inline script). A seat's page: a click on a card of the seat's own
// hand or table plays it (discards it, in a picture whose data-click says so), a move's
// button posts it, and the server's updates arrive over a WebSocket, each the seat's own
// page fragment. Without this script every move is still a form that posts it.
"use strict";

(function () {
  function seatPage(main) {
    const token = main.dataset.token;
    const me = main.dataset.seat;
    const table = document.getElementById("table");

    // The number of moves of the position shown. An update of a position already shown
    // (a move's own, arriving after the answer to the move) would erase a refusal, and
    // an answer arriving after the built-in players' next moves would show an older one.
    let shown = -1;
    function show(html, moves) {
      table.innerHTML = html;
      shown = moves;
    }

    async function act(text) {
      const answer = await fetch("/api/seat/" + encodeURIComponent(token) + "/act", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action: text }),
      });
      const body = await answer.json();
      if (body.html && body.state.moves >= shown) {
        show(body.html, body.state.moves);
      } else if (body.message) {
        document.getElementById("refusal").textContent = body.message;
      }
    }

    table.addEventListener("submit", function (event) {
      const form = event.target;
      if (!form.classList.contains("move")) return;
      event.preventDefault();
      const button = event.submitter || form.querySelector("button");
      act(button.value);
    });

    table.addEventListener("click", function (event) {
      const card = event.target.closest("g.card[data-card]");
      if (!card || card.dataset.seat !== me) return;
      if (card.dataset.zone !== "hand" && card.dataset.zone !== "table") return;
      // The picture names the action a click makes (Zetema's discards); Bezique plays.
      const picture = card.closest("svg[data-click]");
      act((picture ? picture.dataset.click : "play") + " " + card.dataset.card);
    });

    let delay = 500;
    function connect() {
      const scheme = location.protocol === "https:" ? "wss://" : "ws://";
      const socket = new WebSocket(scheme + location.host + "/ws/" + encodeURIComponent(token));
      socket.addEventListener("message", function (message) {
        const update = JSON.parse(message.data);
        if (update.type === "update" && update.state.moves > shown) {
          show(update.html, update.state.moves);
        }
        delay = 500;
      });
      socket.addEventListener("close", function () {
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 10000);
      });
    }
    connect();
  }

  function openPage(form) {
    const seats = form.querySelector("input[name=seats]");
    function update() {
      const count = Number(seats.value);
      form.querySelectorAll(".seat-choice").forEach(function (fieldset) {
        fieldset.hidden = Number(fieldset.dataset.seat) >= count;
      });
    }
    seats.addEventListener("input", update);
    update();
  }

  const main = document.querySelector("main[data-token]");
  if (main) {
    seatPage(main);
  } else {
    const form = document.getElementById("open-table");
    if (form) openPage(form);
  }
})();
