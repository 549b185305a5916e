/* What friends at one table share besides the cards: quick reactions (the server's set,
   rooms/reactions.py: an emoji and a word in the reader's language, never free text), a
   cue when your turn begins (the tab's title, and a tone when you turned it on: browsers
   play no sound before a click), and the invite (its link copied or shared, its QR code). */

import { $, el } from "../dom.js";
import { t } from "../messages.js";

export const REACTIONS = ["nice", "unlucky", "wow", "again", "huat", "hurry"];
const EMOJI = { nice: "👍", unlucky: "😅", wow: "😮", again: "🔁", huat: "🧧", hurry: "⏳" };

const reactionText = (id) => `${EMOJI[id] || ""} ${t(`room.react.${id}`)}`;

export function drawReactions(room, you, link) {
  $("react").hidden = !you.name;
  const row = $("react-buttons");
  if (!row.childElementCount) {
    for (const id of REACTIONS) {
      const b = el("button");
      b.type = "button";
      b.dataset.reaction = id;
      b.addEventListener("click", () => link.send({ type: "react", reaction: id }));
      row.append(b);
    }
  }
  for (const b of row.children) {
    b.textContent = EMOJI[b.dataset.reaction];
    b.title = t(`room.react.${b.dataset.reaction}`);
    b.setAttribute("aria-label", b.title);
  }
  const feed = $("reaction-feed");
  feed.replaceChildren();
  for (const r of (room.reactions || []).slice(-4).reverse()) {
    feed.append(el("li", "", `${r.name}: ${reactionText(r.reaction)}`));
  }
}

const SOUND = "banluck.roomSound";
let wasMyTurn = false;
let audio = null;

function beep() {
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch {
    // no sound in this browser
  }
}

/** The tab's title says when it is your turn; the tone sounds as it begins. Whether it
    began with this frame. */
export function yourTurnCue(mine, title) {
  document.title = mine ? `● ${t("room.title.turn")}` : title;
  const began = mine && !wasMyTurn;
  if (began && $("sound").checked) beep();
  wasMyTurn = mine;
  return began;
}

export function wireSound() {
  let on = false;
  try { on = localStorage.getItem(SOUND) === "on"; } catch { on = false; }
  $("sound").checked = on;
  $("sound").addEventListener("change", () => {
    try { localStorage.setItem(SOUND, $("sound").checked ? "on" : "off"); } catch { /* private mode */ }
    if ($("sound").checked) beep(); // the click lets the browser play, and says how it sounds
  });
}

/** The invite: its link copied or shared (the Web Share API where the browser has it),
    and its QR code (drawn by the server, segno) for a friend's phone camera. */
export function wireInvite(code) {
  const link = location.href;
  $("link").textContent = link;
  $("qr").src = `/room/${encodeURIComponent(code)}/qr.svg`;
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
      $("copied").textContent = t("room.copied");
    } catch {
      $("copied").textContent = t("room.copy_failed");
    }
  });
  if (navigator.share) {
    $("share-link").hidden = false;
    $("share-link").addEventListener("click", () => {
      navigator.share({ title: t("room.title"), url: link }).catch(() => {});
    });
  }
}
