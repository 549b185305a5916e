/* Playing cards drawn by the page itself as inline SVG: crisp at every size, no images.
   A card is a REPLAY.md code ("TS", "AH"); null is a face-down card (the back). */
"use strict";

(function () {
  const SUIT_GLYPH = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const RED = { H: true, D: true };
  const RANK_LABEL = { T: "10" };
  // Pip positions (x, y) on a 100 × 140 face for the number cards, as on a real deck.
  const PIPS = {
    "2": [[50, 30], [50, 110]],
    "3": [[50, 30], [50, 70], [50, 110]],
    "4": [[32, 30], [68, 30], [32, 110], [68, 110]],
    "5": [[32, 30], [68, 30], [50, 70], [32, 110], [68, 110]],
    "6": [[32, 30], [68, 30], [32, 70], [68, 70], [32, 110], [68, 110]],
    "7": [[32, 30], [68, 30], [50, 50], [32, 70], [68, 70], [32, 110], [68, 110]],
    "8": [[32, 30], [68, 30], [50, 50], [32, 70], [68, 70], [50, 90], [32, 110], [68, 110]],
    "9": [[32, 28], [68, 28], [32, 56], [68, 56], [50, 70], [32, 84], [68, 84], [32, 112], [68, 112]],
    T: [[32, 28], [68, 28], [50, 42], [32, 56], [68, 56], [32, 84], [68, 84], [50, 98], [32, 112], [68, 112]],
  };

  function corner(rank, glyph) {
    const label = RANK_LABEL[rank] || rank;
    const size = label.length > 1 ? 17 : 20;
    return (
      `<text x="11" y="22" font-size="${size}" font-weight="700" text-anchor="middle">${label}</text>` +
      `<text x="11" y="39" font-size="16" text-anchor="middle">${glyph}</text>`
    );
  }

  function center(rank, glyph) {
    if (PIPS[rank]) {
      return PIPS[rank]
        .map(([x, y]) => {
          const flip = y > 70 ? ` transform="rotate(180 ${x} ${y})"` : "";
          return `<text x="${x}" y="${y + 7}" font-size="21" text-anchor="middle"${flip}>${glyph}</text>`;
        })
        .join("");
    }
    if (rank === "A") {
      return `<text x="50" y="87" font-size="52" text-anchor="middle">${glyph}</text>`;
    }
    // J, Q, K: a framed court panel with the letter and the suit.
    return (
      `<rect x="22" y="22" width="56" height="96" rx="6" fill="none" stroke="currentColor" stroke-width="1.5" opacity=".55"/>` +
      `<text x="50" y="72" font-size="38" font-weight="700" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif">${rank}</text>` +
      `<text x="50" y="104" font-size="26" text-anchor="middle">${glyph}</text>`
    );
  }

  /** The SVG markup of a face-up card. */
  function face(code) {
    const rank = code[0];
    const suit = code[1];
    const glyph = SUIT_GLYPH[suit];
    const color = RED[suit] ? "#c8102e" : "#16161d";
    return (
      `<svg class="card-svg" viewBox="0 0 100 140" aria-hidden="true" focusable="false" style="color:${color}" fill="currentColor">` +
      `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf7" stroke="#b9b3a4" stroke-width="1.5"/>` +
      `<g font-family="system-ui, 'Segoe UI', 'DejaVu Sans', sans-serif">` +
      corner(rank, glyph) +
      `<g transform="rotate(180 50 70)">${corner(rank, glyph)}</g>` +
      center(rank, glyph) +
      `</g></svg>`
    );
  }

  /** The SVG markup of a card back: a red lattice inside a white border. */
  function back() {
    return (
      `<svg class="card-svg" viewBox="0 0 100 140" aria-hidden="true" focusable="false">` +
      `<defs><pattern id="bl-lattice" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
      `<rect width="10" height="10" fill="#9e1b2f"/><path d="M0 5H10M5 0V10" stroke="#d9a441" stroke-width="1.4"/></pattern></defs>` +
      `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf7" stroke="#b9b3a4" stroke-width="1.5"/>` +
      `<rect x="7" y="7" width="86" height="126" rx="5" fill="url(#bl-lattice)"/>` +
      `<circle cx="50" cy="70" r="15" fill="#9e1b2f" stroke="#d9a441" stroke-width="2"/>` +
      `<path d="M50 59 L61 70 L50 81 L39 70 Z" fill="#f3d27a"/>` +
      `<circle cx="50" cy="70" r="4" fill="#9e1b2f"/>` +
      `</svg>`
    );
  }

  window.BanluckCards = { face, back, SUIT_GLYPH };
})();
