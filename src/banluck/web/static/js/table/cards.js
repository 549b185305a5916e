/* Playing cards drawn by the page itself as inline SVG: crisp at every size, no images.
 A card is a REPLAY.md code ("TS", "AH"); null is a face-down card (the back). No inline
 style: the colour is SVG's own `color` attribute, so a strict CSP allows it. */

const SUIT_GLYPH = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = { H: true, D: true };
const RANK_LABEL = { T: "10" };
// Pip positions (x, y) on a 100 × 140 face for the number cards, as on a real deck,
// clear of the large corner index.
const PIPS = {
  "2": [[50, 30], [50, 110]],
  "3": [[50, 30], [50, 70], [50, 110]],
  "4": [[36, 30], [64, 30], [36, 110], [64, 110]],
  "5": [[36, 30], [64, 30], [50, 70], [36, 110], [64, 110]],
  "6": [[36, 30], [64, 30], [36, 70], [64, 70], [36, 110], [64, 110]],
  "7": [[36, 30], [64, 30], [50, 50], [36, 70], [64, 70], [36, 110], [64, 110]],
  "8": [[36, 30], [64, 30], [50, 50], [36, 70], [64, 70], [50, 90], [36, 110], [64, 110]],
  "9": [[36, 28], [64, 28], [36, 56], [64, 56], [50, 70], [36, 84], [64, 84], [36, 112], [64, 112]],
  T: [[36, 28], [64, 28], [50, 42], [36, 56], [64, 56], [36, 84], [64, 84], [50, 98], [36, 112], [64, 112]],
};

function corner(rank, glyph) {
  const label = RANK_LABEL[rank] || rank;
  // A large index: on a phone Anna's, Ben's and the dealer's cards are ~34 px wide and
  // overlap, so the corner is what the player reads. "10" is squeezed to the same width.
  const squeeze = label.length > 1 ? ` textLength="23" lengthAdjust="spacingAndGlyphs"` : "";
  return (
    `<text x="13" y="26" font-size="26" font-weight="700" text-anchor="middle"${squeeze}>${label}</text>` +
    `<text x="13" y="46" font-size="20" text-anchor="middle">${glyph}</text>`
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
    `<rect x="28" y="22" width="44" height="96" rx="6" fill="none" stroke="currentColor" stroke-width="1.5" opacity=".55"/>` +
    `<text x="50" y="72" font-size="38" font-weight="700" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif">${rank}</text>` +
    `<text x="50" y="104" font-size="26" text-anchor="middle">${glyph}</text>`
  );
}

/** The SVG markup of a face-up card. */
/** A card as text: its rank and its suit's sign ("10♥"); a code that is not a card as it is. */
export function cardText(code) {
  const suit = SUIT_GLYPH[code[1]];
  return suit && code.length === 2 ? (RANK_LABEL[code[0]] || code[0]) + suit : code;
}

export function face(code) {
  const rank = code[0];
  const suit = code[1];
  const glyph = SUIT_GLYPH[suit];
  const color = RED[suit] ? "#c8102e" : "#16161d";
  return (
    `<svg class="card-svg" viewBox="0 0 100 140" aria-hidden="true" focusable="false" color="${color}" fill="currentColor">` +
    `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf7" stroke="#b9b3a4" stroke-width="1.5"/>` +
    `<g font-family="system-ui, 'Segoe UI', 'DejaVu Sans', sans-serif">` +
    corner(rank, glyph) +
    `<g transform="rotate(180 50 70)">${corner(rank, glyph)}</g>` +
    center(rank, glyph) +
    `</g></svg>`
  );
}

/** The SVG markup of a card back: a red lattice inside a white border. */
export function back() {
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
