/* The rules dialogs of the family's other games, in four languages, written for this project
   from the spec (RULES.md O1-O9, KAMPUNG.md K1-K23, XI_DACH.md X1-X24, BLACKJACK.md B1-B14,
   C1-C8, I1-I11), which
   wins over the seeds (003, 004, 001, 002). Each game and language: a title, short paragraphs
   of plain text (the page inserts them with textContent) and, where the game has them, pay
   lines [line, odds]. The odds are the engine's (tests/browser/test_rules_texts.py checks
   them against banluck.core.rules, banluck.games.kampung.rules and
   banluck.games.blackjack.rules / side_bets). The play-chips note is RULES[lang].chips in
   rules.js. An ES module; the object after "=" is JSON. */
export const GAME_RULES = {
 "one-on-one": {
  "en": {
   "title": "Ban Luck one-on-one",
   "paragraphs": [
    "Here you play Ban Luck alone against the dealer, who is the bank. Cards 2 to 10 count their number and Jack, Queen and King count 10. An ace counts 1, 10 or 11 in a hand of two cards, 1 or 10 in a hand of three, and 1 in a hand of four or five; a hand always takes the best total up to 21. So an ace and a 6 make 17, but draw a 4 to them and it is 20, not 21: with three cards the ace counts 10 at most.",
    "Bet 10 to 500 chips, and no more than a third of your stack, since a dealer's Ban-Ban takes three bets; a stack below 30 gets a fresh 1,000 before the next hand. One deck is used, shuffled before every hand. You get two cards face up; the dealer gets one face up and one face down.",
    "Two aces are a Ban-Ban, an ace with a 10, Jack, Queen or King a Ban-Luck. When its up card is an ace or a ten-value card, the dealer checks for a natural before you play. Its Ban-Ban takes three bets and its Ban-Luck two, and the hand ends; your Ban-Ban against its Ban-Luck wins 3 to 1, your Ban-Luck against its Ban-Ban loses three bets, and equal naturals push. Otherwise your own natural is paid at once: a Ban-Ban 3 to 1, a Ban-Luck 2 to 1.",
    "Then you play with Hit and Stand: under 16 you must draw, at 16 or more you may stand. There is no dealer's 15, no free hand, and no doubling, splitting, surrender or insurance. 22 or more is a bust and loses your bet, with five cards too. Your hand stops at five cards: five cards of 21 or less pay 2 to 1, or 3 to 1 when they make exactly 21, and beat any dealer total, even 21.",
    "The dealer then turns its hole card over, draws to 17 and stands on every 17. It has no five-card limit, and its five cards are no special hand. A dealer's bust pays you 1 to 1 (a five-card hand 2 to 1 or 3 to 1); otherwise the higher total wins 1 to 1, the lower loses, and equal totals push. Here the dealer always holds the bank and never opens a hand early, as a banker at home might."
   ],
   "pays": [
    [
     "Ban-Ban: two aces",
     "3 to 1"
    ],
    [
     "Ban-Luck: an ace with a 10, Jack, Queen or King",
     "2 to 1"
    ],
    [
     "Five cards making 21",
     "3 to 1"
    ],
    [
     "Five cards of 20 or less",
     "2 to 1"
    ],
    [
     "A higher total, or the dealer busts",
     "1 to 1"
    ]
   ]
  },
  "de": {
   "title": "Ban Luck: eins gegen eins",
   "paragraphs": [
    "Hier spielst du Ban Luck allein gegen den Dealer, der die Bank hält. Die Karten 2 bis 10 zählen ihre Zahl, Bube, Dame und König zählen 10. Ein Ass zählt 1, 10 oder 11 in einer Hand aus zwei Karten, 1 oder 10 bei drei Karten und 1 bei vier oder fünf; eine Hand nimmt immer die beste Summe bis 21. Ass und 6 sind also 17, aber mit einer 4 dazu sind es 20, nicht 21: Bei drei Karten zählt das Ass höchstens 10.",
    "Setz 10 bis 500 Chips, aber höchstens ein Drittel deines Stapels, denn ein Ban-Ban des Dealers kostet drei Einsätze; wer unter 30 hat, bekommt vor der nächsten Hand einen frischen Stapel mit 1.000. Gespielt wird mit einem Deck, das vor jeder Hand neu gemischt wird. Du bekommst zwei Karten offen, der Dealer eine offen und eine verdeckt.",
    "Zwei Asse sind ein Ban-Ban, ein Ass mit 10, Bube, Dame oder König ein Ban-Luck. Zeigt der Dealer offen ein Ass oder eine Zehnerkarte, prüft er vor deinem Zug, ob er ein Naturblatt hat. Sein Ban-Ban kostet dich drei Einsätze, sein Ban-Luck zwei, und die Hand ist vorbei; dein Ban-Ban gegen sein Ban-Luck gewinnt 3 zu 1, dein Ban-Luck gegen sein Ban-Ban verliert drei Einsätze, gleiche Naturblätter sind ein Push. Sonst wird dein eigenes Naturblatt sofort bezahlt: ein Ban-Ban 3 zu 1, ein Ban-Luck 2 zu 1.",
    "Dann spielst du mit Ziehen und Stehen: Unter 16 musst du ziehen, ab 16 darfst du stehen. Es gibt keine 15 des Dealers, keine freie Hand und kein Verdoppeln, Teilen, Aufgeben oder Versichern. 22 oder mehr ist überkauft und kostet deinen Einsatz, auch mit fünf Karten. Bei fünf Karten ist Schluss: Fünf Karten bis 21 zahlen 2 zu 1, mit genau 21 sogar 3 zu 1, und schlagen jede Summe des Dealers, selbst 21.",
    "Danach deckt der Dealer seine verdeckte Karte auf, zieht bis 17 und bleibt auf jeder 17 stehen. Für ihn gibt es keine Grenze von fünf Karten, und seine fünf Karten sind keine besondere Hand. Überkauft er sich, zahlt er dir 1 zu 1 (einer Hand aus fünf Karten 2 zu 1 oder 3 zu 1); sonst gewinnt die höhere Summe 1 zu 1, die niedrigere verliert, gleiche Summen sind ein Push. Hier hält immer der Dealer die Bank, und er deckt nie vorzeitig eine Hand auf, wie es ein Bankhalter zu Hause tun darf."
   ],
   "pays": [
    [
     "Ban-Ban: zwei Asse",
     "3 zu 1"
    ],
    [
     "Ban-Luck: ein Ass mit 10, Bube, Dame oder König",
     "2 zu 1"
    ],
    [
     "Fünf Karten mit genau 21",
     "3 zu 1"
    ],
    [
     "Fünf Karten mit 20 oder weniger",
     "2 zu 1"
    ],
    [
     "Die höhere Summe, oder der Dealer überkauft sich",
     "1 zu 1"
    ]
   ]
  },
  "zh": {
   "title": "Ban Luck 单挑",
   "paragraphs": [
    "在这里你独自和庄家对局，由庄家坐庄。2 到 10 按牌面计点，J、Q、K 各算 10 点。A 在两张牌的手牌里算 1 点、10 点或 11 点，三张牌时算 1 点或 10 点，四张或五张牌时算 1 点；手牌总是取不超过 21 点的最佳点数。所以 A 加 6 是 17 点，再要到一张 4 就是 20 点而不是 21 点：三张牌时 A 最多算 10 点。",
    "下注 10 到 500 筹码，但不能超过你筹码的三分之一，因为庄家的 Ban-Ban 要收三份下注；筹码少于 30 时，下一手开始前会补给你 1,000 的新筹码。只用一副牌，每一手前都重新洗牌。你拿到两张明牌，庄家拿一张明牌和一张暗牌。",
    "两张 A 是 Ban-Ban，一张 A 加一张 10、J、Q 或 K 是 Ban-Luck。庄家的明牌是 A 或 10 点牌时，会在你行动前先查看自己有没有天牌。庄家的 Ban-Ban 收三份下注，Ban-Luck 收两份，这一手随即结束；你的 Ban-Ban 对庄家的 Ban-Luck 按 3 赔 1 赢，你的 Ban-Luck 对庄家的 Ban-Ban 输三份下注，相同的天牌是平局。否则你自己的天牌立刻赔付：Ban-Ban 按 3 赔 1，Ban-Luck 按 2 赔 1。",
    "然后你用要牌和停牌来行动：不到 16 点必须要牌，16 点或以上可以停牌。这里没有庄家 15 点弃牌，没有自由手牌，也不能加倍、分牌、投降或买保险。22 点或以上就是爆牌，输掉下注，五张牌爆牌也一样。一手牌最多五张：五张牌不超过 21 点按 2 赔 1，正好 21 点按 3 赔 1，而且胜过庄家的任何点数，连 21 点也不例外。",
    "之后庄家翻开暗牌，要牌到 17 点，任何 17 点都停牌。庄家没有五张牌的限制，它的五张牌也不算特殊牌型。庄家爆牌时按 1 赔 1 赔给你（五张牌的手牌按 2 赔 1 或 3 赔 1）；否则点数高的按 1 赔 1 赢，点数低的输，点数相同是平局。这里始终由庄家坐庄，也不会像家里的庄家那样提前开某一家的牌。"
   ],
   "pays": [
    [
     "Ban-Ban：两张 A",
     "3 赔 1"
    ],
    [
     "Ban-Luck：A 加 10、J、Q 或 K",
     "2 赔 1"
    ],
    [
     "五张牌正好 21 点",
     "3 赔 1"
    ],
    [
     "五张牌 20 点或以下",
     "2 赔 1"
    ],
    [
     "点数较高，或庄家爆牌",
     "1 赔 1"
    ]
   ]
  },
  "vi": {
   "title": "Ban Luck một đấu một",
   "paragraphs": [
    "Ở đây bạn chơi Ban Luck một mình với nhà cái, người giữ cái. Các lá 2 đến 10 tính theo số của chúng, bồi, đầm và già tính 10. Át tính 1, 10 hoặc 11 trong bài hai lá, 1 hoặc 10 trong bài ba lá, và 1 trong bài bốn hoặc năm lá; bài luôn lấy tổng tốt nhất không quá 21. Vậy át và 6 là 17, nhưng rút thêm lá 4 thì thành 20, không phải 21: với ba lá át tính nhiều nhất là 10.",
    "Cược 10 đến 500 chip, và không quá một phần ba số chip của bạn, vì Ban-Ban của nhà cái lấy ba lần cược; số chip dưới 30 được thay bằng 1.000 chip mới trước ván sau. Dùng một bộ bài, xáo trước mỗi ván. Bạn nhận hai lá ngửa; nhà cái nhận một lá ngửa và một lá úp.",
    "Hai lá át là Ban-Ban, át với 10, bồi, đầm hoặc già là Ban-Luck. Khi lá ngửa là át hoặc lá mười điểm, nhà cái xem mình có bài tự nhiên không trước khi bạn chơi. Ban-Ban của nhà cái lấy ba lần cược và Ban-Luck hai lần, và ván kết thúc; Ban-Ban của bạn gặp Ban-Luck của nhà cái thắng 1 ăn 3, Ban-Luck của bạn gặp Ban-Ban của nhà cái thua ba lần cược, và bài tự nhiên bằng nhau thì hòa. Nếu không, bài tự nhiên của bạn được trả ngay: Ban-Ban 1 ăn 3, Ban-Luck 1 ăn 2.",
    "Rồi bạn chơi bằng Rút và Dằn: dưới 16 bạn phải rút, từ 16 trở lên bạn được dằn. Không có 15 của nhà cái, không có bài tự do, và không gấp đôi, tách, đầu hàng hay bảo hiểm. 22 trở lên là quắc và thua tiền cược, kể cả với năm lá. Bài dừng ở năm lá: năm lá không quá 21 được 1 ăn 2, hoặc 1 ăn 3 khi đúng 21, và thắng mọi tổng của nhà cái, kể cả 21.",
    "Sau đó nhà cái lật lá úp, rút đến 17 và dằn ở mọi 17. Nhà cái không bị giới hạn năm lá, và năm lá của nhà cái không phải bài đặc biệt. Nhà cái quắc thì trả bạn 1 ăn 1 (bài năm lá 1 ăn 2 hoặc 1 ăn 3); nếu không, tổng cao hơn thắng 1 ăn 1, thấp hơn thì thua, và tổng bằng nhau thì hòa. Ở đây nhà cái luôn giữ cái và không bao giờ xét bài sớm như nhà cái ở nhà có thể làm."
   ],
   "pays": [
    [
     "Ban-Ban: hai lá át",
     "1 ăn 3"
    ],
    [
     "Ban-Luck: át với 10, bồi, đầm hoặc già",
     "1 ăn 2"
    ],
    [
     "Năm lá đúng 21",
     "1 ăn 3"
    ],
    [
     "Năm lá 20 trở xuống",
     "1 ăn 2"
    ],
    [
     "Tổng cao hơn, hoặc nhà cái quắc",
     "1 ăn 1"
    ]
   ]
  }
 },
 "kampung": {
  "en": {
   "title": "Kampung house rules",
   "paragraphs": [
    "Kampung is Ban Luck as friends play it at home, with a banker who decides. Cards, aces and totals are as at the Ban Luck table: 2 to 10 count their number, Jack, Queen and King 10; an ace counts 10 or 11 in two cards, 1 or 10 in three, and 1 in four or five; a hand stops at five cards. Two aces are a Ban-Ban, an ace with a ten-value card a Ban-Luck; pairs are nothing special.",
    "Four sit at the table: you, Anna, Ben and the dealer. One of them holds the bank and the other three play against it. In the settings the bank stays with the dealer (house) or rotates: it starts with the dealer and passes to you, Anna, Ben and back every 5 hands, and at once when the banker's stack is empty. Players bet before the deal, you 10 to 500 and the others 50; the banker does not bet and pays from its own stack as far as it goes. A stack below its minimum (the banker's is 100) gets a fresh 1,000 before a hand. Two decks (one in the settings); every card is dealt face down and each seat sees only its own.",
    "The banker looks first. With a Ban-Ban it collects three bets, with a Ban-Luck two, from every player, and the hand ends. A player's Ban-Ban pushes against a Ban-Ban and wins 3 to 1 against a Ban-Luck; a Ban-Luck pushes against a Ban-Luck and loses three bets to a Ban-Ban; a two-card 15 escapes and pushes. When the banker has neither a natural nor a 15, the players' naturals are turned over and paid at once: a Ban-Ban 3 to 1, a Ban-Luck 2 to 1.",
    "With a two-card 15 the banker escapes every player's natural (they push) and chooses: void the hand, so every bet comes back; play the 15 on; or burn it. On a burn each player doubles its bet or forfeits it and leaves the hand (a player whose stack cannot cover the double forfeits); then the banker puts its two cards aside and takes two fresh ones. A natural among them collects as above, on the doubled bets; a second 15 cannot be burnt.",
    "Then the players play in turn, you first. The licence: under 15 you must draw, from 15 to 20 you may draw or stand, at 21 you stand. Your own two-card 15 may be burnt too: your bet is doubled and two fresh cards make a new hand (a second 15 cannot be burnt). A bust with three or four cards is not shown: you stop and keep the cards face down until the banker opens them. At five cards a hand is turned over and settled at once: a five dragon wins 2 to 1, 3 to 1 at 21; a five-card bust loses two bets. A pair of sevens that draws a third seven is a 7-7-7: it is turned over and wins 21 to 1, unless the banker ends on 21, when it pushes.",
    "The banker then turns its cards over and must draw under 16. From 16 to 20 it chooses, as often as it likes: open one player's hand and settle it now, draw a card, or stand, which opens every remaining hand. At 21 it opens every hand. On opening, a bust or a lower total loses one bet, equal totals push, and a higher total wins 1 to 1; a player's 21 wins 2 to 1, and a banker's 21 collects two bets.",
    "The banker stops at five cards, and its own specials settle every hand not yet opened: a bust with fewer than five cards pays each hand that is not bust 1 to 1 (2 to 1 with 21) and still collects one bet from each hidden bust; a five dragon collects two bets (three at 21), bust or not; a five-card bust pays every hand 2 to 1, bust or not."
   ],
   "pays": [
    [
     "Ban-Ban",
     "3 to 1"
    ],
    [
     "Ban-Luck",
     "2 to 1"
    ],
    [
     "7-7-7",
     "21 to 1"
    ],
    [
     "Five dragon making 21",
     "3 to 1"
    ],
    [
     "Five dragon",
     "2 to 1"
    ],
    [
     "A 21, when opened or when the banker busts",
     "2 to 1"
    ],
    [
     "Any unopened hand against a banker's five-card bust",
     "2 to 1"
    ],
    [
     "A higher total, or not bust when the banker busts",
     "1 to 1"
    ]
   ]
  },
  "de": {
   "title": "Kampung-Hausregeln",
   "paragraphs": [
    "Kampung ist Ban Luck, wie Freunde es zu Hause spielen, mit einem Bankhalter, der selbst entscheidet. Karten, Asse und Summen sind wie am Ban-Luck-Tisch: 2 bis 10 zählen ihre Zahl, Bube, Dame und König 10; ein Ass zählt 10 oder 11 bei zwei Karten, 1 oder 10 bei drei und 1 bei vier oder fünf; bei fünf Karten ist Schluss. Zwei Asse sind ein Ban-Ban, ein Ass mit einer Zehnerkarte ein Ban-Luck; Paare sind nichts Besonderes.",
    "Vier sitzen am Tisch: du, Anna, Ben und der Dealer. Einer von ihnen hält die Bank, die anderen drei spielen gegen sie. In den Einstellungen bleibt die Bank beim Dealer (Haus) oder sie wandert: Sie beginnt beim Dealer und geht alle 5 Hände weiter an dich, Anna, Ben und zurück, und sofort, wenn der Stapel des Bankhalters leer ist. Die Spieler setzen vor dem Geben, du 10 bis 500, die anderen 50; der Bankhalter setzt nichts und zahlt aus seinem Stapel, so weit er reicht. Ein Stapel unter seinem Minimum (beim Bankhalter 100) wird vor einer Hand durch frische 1.000 ersetzt. Zwei Decks (eins in den Einstellungen); alle Karten werden verdeckt gegeben, und jeder sieht nur seine eigenen.",
    "Der Bankhalter schaut zuerst. Mit Ban-Ban kassiert er von jedem Spieler drei Einsätze, mit Ban-Luck zwei, und die Hand ist vorbei. Das Ban-Ban eines Spielers ist gegen Ban-Ban ein Push und gewinnt gegen Ban-Luck 3 zu 1; ein Ban-Luck ist gegen Ban-Luck ein Push und verliert gegen Ban-Ban drei Einsätze; eine 15 aus zwei Karten entkommt und ist ein Push. Hat der Bankhalter weder ein Naturblatt noch eine 15, werden die Naturblätter der Spieler sofort aufgedeckt und bezahlt: Ban-Ban 3 zu 1, Ban-Luck 2 zu 1.",
    "Mit einer 15 aus zwei Karten entkommt der Bankhalter jedem Naturblatt der Spieler (sie sind ein Push) und wählt: Die Hand ist ungültig, und jeder Einsatz kommt zurück; er spielt die 15 weiter; oder er verbrennt sie. Beim Verbrennen verdoppelt jeder Spieler seinen Einsatz oder gibt ihn verloren und verlässt die Hand (wer das Doppelte nicht decken kann, gibt auf); dann legt der Bankhalter seine zwei Karten beiseite und nimmt zwei neue. Ein Naturblatt darunter kassiert wie oben, auf die verdoppelten Einsätze; eine zweite 15 kann nicht verbrannt werden.",
    "Dann spielen die Spieler der Reihe nach, du zuerst. Die Lizenz: Unter 15 musst du ziehen, von 15 bis 20 darfst du ziehen oder stehen, bei 21 stehst du. Auch deine eigene 15 aus zwei Karten darfst du verbrennen: Dein Einsatz verdoppelt sich, und zwei neue Karten sind eine neue Hand (eine zweite 15 kann nicht verbrannt werden). Wer sich mit drei oder vier Karten überkauft, zeigt es nicht: Er hört auf zu ziehen und behält die Karten verdeckt, bis der Bankhalter sie aufdeckt. Bei fünf Karten wird die Hand aufgedeckt und sofort abgerechnet: Ein Fünf-Karten-Drache gewinnt 2 zu 1, mit 21 3 zu 1; fünf überkaufte Karten verlieren zwei Einsätze. Ein Siebenerpaar, das eine dritte Sieben zieht, ist eine 7-7-7: Sie wird aufgedeckt und gewinnt 21 zu 1, außer der Bankhalter endet auf 21, dann ist sie ein Push.",
    "Dann deckt der Bankhalter seine Karten auf und muss unter 16 ziehen. Von 16 bis 20 wählt er, so oft er will: die Hand eines Spielers aufdecken und gleich abrechnen, eine Karte ziehen oder stehen, womit er alle übrigen Hände aufdeckt. Bei 21 deckt er alle Hände auf. Beim Aufdecken verliert eine überkaufte Hand oder eine niedrigere Summe einen Einsatz, gleiche Summen sind ein Push, eine höhere Summe gewinnt 1 zu 1; eine 21 des Spielers gewinnt 2 zu 1, eine 21 des Bankhalters kassiert zwei Einsätze.",
    "Der Bankhalter hört bei fünf Karten auf, und seine eigenen Sonderhände rechnen jede noch nicht aufgedeckte Hand ab: Überkauft er sich mit weniger als fünf Karten, zahlt er jeder Hand, die nicht überkauft ist, 1 zu 1 (2 zu 1 mit 21) und kassiert trotzdem einen Einsatz von jeder verdeckt überkauften Hand; ein Fünf-Karten-Drache kassiert zwei Einsätze (drei mit 21), überkauft oder nicht; fünf überkaufte Karten zahlen jeder Hand 2 zu 1, überkauft oder nicht."
   ],
   "pays": [
    [
     "Ban-Ban",
     "3 zu 1"
    ],
    [
     "Ban-Luck",
     "2 zu 1"
    ],
    [
     "7-7-7",
     "21 zu 1"
    ],
    [
     "Fünf-Karten-Drache mit genau 21",
     "3 zu 1"
    ],
    [
     "Fünf-Karten-Drache",
     "2 zu 1"
    ],
    [
     "Eine 21, beim Aufdecken oder wenn der Bankhalter sich überkauft",
     "2 zu 1"
    ],
    [
     "Jede verdeckte Hand, wenn der Bankhalter sich mit fünf Karten überkauft",
     "2 zu 1"
    ],
    [
     "Die höhere Summe, oder nicht überkauft, wenn der Bankhalter sich überkauft",
     "1 zu 1"
    ]
   ]
  },
  "zh": {
   "title": "甘榜廿一点（Kampung）",
   "paragraphs": [
    "甘榜（Kampung）是朋友们在家里玩的 Ban Luck，由庄家自己拿主意。牌的点数、A 的算法和总点数都和 Ban Luck 桌一样：2 到 10 按牌面计点，J、Q、K 各算 10 点；A 在两张牌时算 10 点或 11 点，三张牌时算 1 点或 10 点，四张或五张牌时算 1 点；一手牌最多五张。两张 A 是 Ban-Ban，一张 A 加一张 10 点牌是 Ban-Luck；对子没有特别之处。",
    "桌上四人：你、安娜、本和荷官。其中一人坐庄，称为庄家，其余三人是闲家，和庄家对赌。设置里可以让荷官一直坐庄（固定庄），也可以轮流坐庄：从荷官开始，每 5 手依次轮到你、安娜、本，再回到荷官；庄家的筹码输光时立即换庄。闲家在发牌前下注，你下 10 到 500，其他人各下 50；庄家不下注，用自己的筹码赔付，赔完为止。筹码低于下限（庄家的下限是 100）的人，在下一手开始前会补给 1,000 的新筹码。用两副牌（设置中可改为一副）；所有牌都是暗牌，每人只看得到自己的牌。",
    "庄家先看牌。拿到 Ban-Ban 就向每位闲家收三份下注，拿到 Ban-Luck 收两份，这一手随即结束。闲家的 Ban-Ban 对 Ban-Ban 是平局，对 Ban-Luck 按 3 赔 1 赢；闲家的 Ban-Luck 对 Ban-Luck 是平局，对 Ban-Ban 输三份下注；闲家头两张牌共 15 点可以逃过，算平局。庄家既没有天牌也没有 15 点时，闲家的天牌立刻翻开赔付：Ban-Ban 按 3 赔 1，Ban-Luck 按 2 赔 1。",
    "庄家头两张牌共 15 点时，逃过所有闲家的天牌（这些天牌算平局），然后选择：这一手作废，所有下注退回；拿着 15 点继续打；或者烧牌。烧牌时，每位闲家要么加倍下注，要么认输：输掉下注并离开这一手（筹码不够加倍的只能认输）；然后庄家把两张牌放到一边，重新拿两张。新牌若是天牌，照上面的规则按加倍后的下注收取；第二次的 15 点不能再烧。",
    "然后闲家依次行动，从你开始。执照规则：不到 15 点必须要牌，15 到 20 点可以要牌或停牌，21 点停牌。你自己头两张牌共 15 点也可以烧牌：下注加倍，重新拿两张牌作为新的一手（第二次的 15 点不能再烧）。三张或四张牌爆牌时不亮牌：停止要牌，把牌扣着，等庄家来开。拿到五张牌立刻翻开结算：五龙按 2 赔 1，正好 21 点按 3 赔 1；五张牌爆牌输两份下注。一对七再要到第三张七就是 7-7-7：翻开后按 21 赔 1，只有庄家最后是 21 点时算平局。",
    "接着庄家翻开自己的牌，不到 16 点必须要牌。16 到 20 点时可以反复选择：开某一位闲家的牌并立刻结算，再要一张牌，或者停牌并开出其余所有的牌。21 点时开出所有的牌。开牌时，爆牌或点数较低的输一份下注，点数相同是平局，点数较高的按 1 赔 1 赢；闲家的 21 点按 2 赔 1 赢，庄家的 21 点收两份下注。",
    "庄家最多拿五张牌，它自己的特殊牌型会结算所有还没开的牌：不到五张就爆牌时，没爆的手牌按 1 赔 1 赢（21 点按 2 赔 1），暗中爆牌的仍输一份下注；庄家的五龙收两份下注（正好 21 点收三份），不论闲家有没有爆牌；庄家五张牌爆牌时，每一手都按 2 赔 1 赢，不论有没有爆牌。"
   ],
   "pays": [
    [
     "Ban-Ban",
     "3 赔 1"
    ],
    [
     "Ban-Luck",
     "2 赔 1"
    ],
    [
     "7-7-7",
     "21 赔 1"
    ],
    [
     "五龙正好 21 点",
     "3 赔 1"
    ],
    [
     "五龙",
     "2 赔 1"
    ],
    [
     "21 点：开牌时，或庄家爆牌时",
     "2 赔 1"
    ],
    [
     "庄家五张牌爆牌时，每一手未开的牌",
     "2 赔 1"
    ],
    [
     "点数较高，或庄家爆牌时自己没有爆牌",
     "1 赔 1"
    ]
   ]
  },
  "vi": {
   "title": "Luật làng (Kampung)",
   "paragraphs": [
    "Kampung là Ban Luck như bạn bè chơi ở nhà, với một nhà cái tự quyết định. Lá bài, át và tổng như ở bàn Ban Luck: 2 đến 10 tính theo số, bồi, đầm và già tính 10; át tính 10 hoặc 11 trong hai lá, 1 hoặc 10 trong ba lá, và 1 trong bốn hoặc năm lá; bài dừng ở năm lá. Hai lá át là Ban-Ban, át với một lá mười điểm là Ban-Luck; đôi không có gì đặc biệt.",
    "Bốn người ngồi vào bàn: bạn, Anna, Ben và nhà cái. Một người giữ cái và ba người kia chơi với người đó. Trong cài đặt, cái ở yên với nhà cái hoặc đi vòng: bắt đầu ở nhà cái rồi chuyển sang bạn, Anna, Ben và quay lại sau mỗi 5 ván, và chuyển ngay khi nhà cái hết chip. Người chơi cược trước khi chia bài, bạn 10 đến 500 và những người khác 50; nhà cái không cược và trả bằng chip của mình đến khi hết. Số chip dưới mức tối thiểu (của nhà cái là 100) được thay bằng 1.000 chip mới trước một ván. Hai bộ bài (một bộ trong cài đặt); mọi lá được chia úp và mỗi chỗ chỉ thấy bài của mình.",
    "Nhà cái xem bài trước. Với Ban-Ban, nhà cái thu ba lần cược, với Ban-Luck hai lần, từ mọi người chơi, và ván kết thúc. Ban-Ban của người chơi hòa với Ban-Ban và thắng 1 ăn 3 trước Ban-Luck; Ban-Luck hòa với Ban-Luck và thua ba lần cược trước Ban-Ban; hai lá 15 thoát và hòa. Khi nhà cái không có bài tự nhiên lẫn 15, bài tự nhiên của người chơi được lật và trả ngay: Ban-Ban 1 ăn 3, Ban-Luck 1 ăn 2.",
    "Với hai lá 15, nhà cái thoát mọi bài tự nhiên của người chơi (chúng hòa) và chọn: hủy ván, để mọi tiền cược được trả lại; chơi tiếp với 15; hoặc đốt bài. Khi đốt, mỗi người chơi gấp đôi cược hoặc bỏ cược và rời ván (người không đủ chip để gấp đôi thì bỏ cược); rồi nhà cái để hai lá sang bên và lấy hai lá mới. Bài tự nhiên trong đó thu như trên, trên tiền cược đã gấp đôi; 15 lần thứ hai không được đốt.",
    "Rồi người chơi chơi lần lượt, bạn trước. Mức tuổi: dưới 15 bạn phải rút, từ 15 đến 20 bạn được rút hoặc dằn, ở 21 bạn dằn. Hai lá 15 của bạn cũng được đốt: cược gấp đôi và hai lá mới làm thành bài mới (15 lần thứ hai không được đốt). Quắc với ba hoặc bốn lá không bị lộ: bạn dừng và giữ bài úp cho đến khi nhà cái xét. Ở năm lá, bài được lật và tính ngay: ngũ linh thắng 1 ăn 2, 1 ăn 3 khi 21; quắc năm lá thua hai lần cược. Đôi bảy rút thêm lá bảy thứ ba là 7-7-7: được lật và thắng 1 ăn 21, trừ khi nhà cái kết thúc ở 21, lúc đó hòa.",
    "Sau đó nhà cái lật bài và phải rút khi dưới 16. Từ 16 đến 20, nhà cái chọn, bao nhiêu lần tùy thích: xét bài một người chơi và tính ngay, rút một lá, hoặc dằn, tức là xét mọi bài còn lại. Ở 21 nhà cái xét mọi bài. Khi xét, bài quắc hoặc tổng thấp hơn thua một lần cược, tổng bằng nhau thì hòa, và tổng cao hơn thắng 1 ăn 1; 21 của người chơi thắng 1 ăn 2, và 21 của nhà cái thu hai lần cược.",
    "Nhà cái dừng ở năm lá, và bài đặc biệt của nhà cái tính mọi bài chưa xét: quắc với ít hơn năm lá thì trả mỗi bài không quắc 1 ăn 1 (1 ăn 2 với 21) và vẫn thu một lần cược từ mỗi bài quắc đang úp; ngũ linh thu hai lần cược (ba lần khi 21), dù quắc hay không; quắc năm lá trả mọi bài 1 ăn 2, dù quắc hay không."
   ],
   "pays": [
    [
     "Ban-Ban",
     "1 ăn 3"
    ],
    [
     "Ban-Luck",
     "1 ăn 2"
    ],
    [
     "7-7-7",
     "1 ăn 21"
    ],
    [
     "Ngũ linh đúng 21",
     "1 ăn 3"
    ],
    [
     "Ngũ linh",
     "1 ăn 2"
    ],
    [
     "21 điểm, khi được xét hoặc khi nhà cái quắc",
     "1 ăn 2"
    ],
    [
     "Mọi bài chưa xét khi nhà cái quắc năm lá",
     "1 ăn 2"
    ],
    [
     "Tổng cao hơn, hoặc không quắc khi nhà cái quắc",
     "1 ăn 1"
    ]
   ]
  }
 },
 "xi-dach": {
  "en": {
   "title": "Xì Dách",
   "paragraphs": [
    "Xì Dách is the twenty-one Vietnamese families play at Tết, here as the v0.7 rule book writes it. One banker (cái) plays against the other players (con), each of them only against the banker. Four sit at the table: you, Anna, Ben and the dealer; in the settings the bank stays with the dealer or passes round every 5 hands. Cards 2 to 10 count their number, Jack, Queen and King 10. An ace counts 11 in two cards, so an ace and a 4 make 15; it counts 1 or 10 in three cards and 1 in four or five. One deck, shuffled before every hand; every card is dealt face down and each seat sees only its own.",
    "Players bet before the deal, you 10 to 500 and the others 50, and your stack must cover twice your bet. The banker does not bet and pays from its own stack as far as it goes. A stack below its minimum (the banker's is 100) gets a fresh 1,000 before a hand.",
    "Two aces are xì bàn, an ace with a 10, Jack, Queen or King is xì dách: they are shown and paid at once, xì bàn 2 to 1 and xì dách 1 to 1. The banker's own xì bàn collects two bets and its xì dách one from every player, and the hand ends; equal naturals go to the banker. A two-card 15 is an ordinary 15.",
    "Then the players play in turn, you first. From 16 to 20 you may draw or stand; at 21 you stand. Under 16 you may still stand, but the hand is non: it loses its bet whatever the banker holds, and also pays back what the banker paid out to the others this hand, up to 12 of its bets. 22 to 27 is a bust (quắc), an ordinary loss; 28 or more is a heavy bust (đền), penalised like non. A hand stops at five cards: five cards of 21 or less are ngũ linh, which beat any total and win 2 to 1. Every hand stays face down until the banker opens it.",
    "The banker must draw under 15, or stand there and be non: it then pays every hand it has not opened. From 15 it chooses, as often as it likes: open one player's hand and settle it now, draw a card, or stand, which opens every hand left. Its own cards stay face down while it opens hands and are turned over when its turn ends. On opening, a higher total wins 1 to 1, a lower total or a bust loses one bet, and equal totals push; a non or heavy-bust hand loses its bet whatever the banker holds.",
    "The banker's own specials settle every hand not yet opened. Its ngũ linh collects two bets from each, and against a player's ngũ linh the banker wins. Its bust pays each hand its own multiple, but a hidden bust pushes. A banker whose turn ends non, or with a heavy bust of 28 or more, pays every unopened hand its own multiple (đền làng), while a non or heavy-bust hand pushes."
   ],
   "pays": [
    [
     "Xì bàn: two aces",
     "2 to 1"
    ],
    [
     "Xì dách: an ace with a 10, Jack, Queen or King",
     "1 to 1"
    ],
    [
     "Ngũ linh: five cards of 21 or less",
     "2 to 1"
    ],
    [
     "A higher total, or not bust when the banker busts",
     "1 to 1"
    ]
   ]
  },
  "de": {
   "title": "Xì Dách",
   "paragraphs": [
    "Xì Dách ist das Siebzehnundvier, das vietnamesische Familien zu Tết spielen, hier so, wie es das Regelbuch v0.7 schreibt. Ein Bankhalter (cái) spielt gegen die anderen Spieler (con), jeder von ihnen nur gegen die Bank. Vier sitzen am Tisch: du, Anna, Ben und der Dealer; in den Einstellungen bleibt die Bank beim Dealer oder wandert alle 5 Hände weiter. Die Karten 2 bis 10 zählen ihre Zahl, Bube, Dame und König 10. Ein Ass zählt 11 bei zwei Karten, ein Ass und eine 4 sind also 15; es zählt 1 oder 10 bei drei Karten und 1 bei vier oder fünf. Ein Deck, vor jeder Hand neu gemischt; alle Karten werden verdeckt gegeben, und jeder sieht nur seine eigenen.",
    "Die Spieler setzen vor dem Geben, du 10 bis 500, die anderen 50, und dein Stapel muss den doppelten Einsatz decken. Der Bankhalter setzt nichts und zahlt aus seinem Stapel, so weit er reicht. Ein Stapel unter seinem Minimum (beim Bankhalter 100) wird vor einer Hand durch frische 1.000 ersetzt.",
    "Zwei Asse sind Xì Bàn, ein Ass mit 10, Bube, Dame oder König ist Xì Dách: Sie werden sofort aufgedeckt und bezahlt, Xì Bàn 2 zu 1 und Xì Dách 1 zu 1. Das eigene Xì Bàn des Bankhalters kassiert von jedem Spieler zwei Einsätze, sein Xì Dách einen, und die Hand ist vorbei; gleiche Naturblätter gehören der Bank. Eine 15 aus zwei Karten ist eine gewöhnliche 15.",
    "Dann spielen die Spieler der Reihe nach, du zuerst. Von 16 bis 20 darfst du ziehen oder stehen, bei 21 stehst du. Unter 16 darfst du auch stehen, aber die Hand ist dann Non: Sie verliert ihren Einsatz, egal was die Bank hält, und zahlt außerdem zurück, was die Bank in dieser Hand an die anderen ausgezahlt hat, bis zu 12 ihrer Einsätze. 22 bis 27 ist überkauft (quắc), ein gewöhnlicher Verlust; 28 oder mehr ist schwer überkauft (đền) und wird wie Non bestraft. Bei fünf Karten ist Schluss: Fünf Karten mit 21 oder weniger sind Ngũ Linh, das jede Summe schlägt und 2 zu 1 gewinnt. Jede Hand bleibt verdeckt, bis die Bank sie aufdeckt.",
    "Der Bankhalter muss unter 15 ziehen oder dort stehen und ist dann Non: Er zahlt jeder Hand, die er noch nicht aufgedeckt hat. Ab 15 wählt er, so oft er will: die Hand eines Spielers aufdecken und gleich abrechnen, eine Karte ziehen oder stehen, was alle übrigen Hände aufdeckt. Seine eigenen Karten bleiben verdeckt, während er Hände aufdeckt, und werden am Ende seines Zugs umgedreht. Beim Aufdecken gewinnt die höhere Summe 1 zu 1, die niedrigere Summe oder ein Überkaufen verliert einen Einsatz, gleiche Summen sind ein Push; eine Non-Hand oder schwer überkaufte Hand verliert ihren Einsatz, egal was die Bank hält.",
    "Die besonderen Hände der Bank rechnen jede noch verdeckte Hand ab. Ihr Ngũ Linh kassiert von jeder zwei Einsätze, und gegen das Ngũ Linh eines Spielers gewinnt die Bank. Überkauft sie sich, zahlt sie jeder Hand ihr eigenes Vielfaches, eine verdeckt überkaufte Hand ist aber ein Push. Eine Bank, deren Zug mit Non oder schwer überkauft mit 28 oder mehr endet, zahlt jeder verdeckten Hand ihr eigenes Vielfaches (đền làng), während eine Non-Hand oder schwer überkaufte Hand ein Push ist."
   ],
   "pays": [
    [
     "Xì Bàn: zwei Asse",
     "2 zu 1"
    ],
    [
     "Xì Dách: ein Ass mit 10, Bube, Dame oder König",
     "1 zu 1"
    ],
    [
     "Ngũ Linh: fünf Karten mit 21 oder weniger",
     "2 zu 1"
    ],
    [
     "Die höhere Summe, oder nicht überkauft, wenn die Bank sich überkauft",
     "1 zu 1"
    ]
   ]
  },
  "zh": {
   "title": "越南廿一点（Xì Dách）",
   "paragraphs": [
    "Xì Dách 是越南家庭过春节（Tết）时玩的廿一点，这里按 v0.7 规则书来玩。一人坐庄（cái），其余闲家（con）各自只和庄家对赌。桌上四人：你、安娜、本和荷官；设置里可以让荷官一直坐庄，也可以每 5 手轮流坐庄。2 到 10 按牌面计点，J、Q、K 各算 10 点。A 在两张牌时算 11 点，所以 A 加 4 是 15 点；三张牌时算 1 点或 10 点，四张或五张牌时算 1 点。只用一副牌，每一手前都重新洗牌；所有的牌都是暗牌，每人只看得到自己的牌。",
    "闲家在发牌前下注，你下 10 到 500，其他人下 50，而且你的筹码必须够付两倍下注。庄家不下注，用自己的筹码赔付，赔到没有为止。筹码低于下限（庄家的下限是 100）时，下一手开始前会补给 1,000 的新筹码。",
    "两张 A 是 xì bàn，一张 A 加一张 10、J、Q 或 K 是 xì dách：立刻亮牌结算，xì bàn 按 2 赔 1，xì dách 按 1 赔 1。庄家自己的 xì bàn 向每位闲家收两份下注，xì dách 收一份，这一手随即结束；天牌相同时算庄家赢。头两张牌共 15 点只是普通的 15 点。",
    "然后闲家依次行动，从你开始。16 到 20 点可以要牌或停牌，21 点停牌。不到 16 点也可以停牌，但这手牌就是 non：不论庄家拿什么都输掉下注，还要替庄家赔回这一手付给其他闲家的筹码，最多 12 份自己的下注。22 到 27 点是爆牌（quắc），照常输；28 点或以上是重爆（đền），和 non 一样受罚。一手牌最多五张：五张牌不超过 21 点是 ngũ linh，胜过任何点数，按 2 赔 1。每一手牌都扣着，直到庄家开牌。",
    "庄家不到 15 点必须要牌，也可以停牌，但那就是 non：要赔给每一手还没开的牌。15 点起庄家可以反复选择：开某一位闲家的牌并立刻结算，再要一张牌，或者停牌并开出其余所有的牌。庄家开牌时自己的牌仍然扣着，轮到它结束时才翻开。开牌时点数高的按 1 赔 1 赢，点数低或爆牌的输一份下注，点数相同平局；non 或重爆的手牌不论庄家拿什么都输掉下注。",
    "庄家自己的特殊牌型会结算所有还没开的牌。庄家的 ngũ linh 向每一手收两份下注，遇到闲家的 ngũ linh 也算庄家赢。庄家爆牌时按每一手自己的倍数赔付，但扣着的爆牌算平局。庄家以 non 或 28 点或以上的重爆结束时，要按每一手未开的牌自己的倍数赔付（đền làng），non 或重爆的手牌则算平局。"
   ],
   "pays": [
    [
     "Xì bàn：两张 A",
     "2 赔 1"
    ],
    [
     "Xì dách：A 加 10、J、Q 或 K",
     "1 赔 1"
    ],
    [
     "Ngũ linh：五张牌不超过 21 点",
     "2 赔 1"
    ],
    [
     "点数较高，或庄家爆牌时自己没有爆牌",
     "1 赔 1"
    ]
   ]
  },
  "vi": {
   "title": "Xì Dách",
   "paragraphs": [
    "Xì Dách là trò hai mươi mốt mà các gia đình Việt Nam chơi ngày Tết, ở đây theo đúng sách luật v0.7. Một người làm cái và chơi với các con, mỗi con chỉ chơi với cái. Bốn người ngồi vào bàn: bạn, Anna, Ben và nhà cái; trong cài đặt, cái ở yên với nhà cái hoặc chuyển vòng sau mỗi 5 ván. Các lá 2 đến 10 tính theo số, bồi, đầm và già tính 10. Át tính 11 trong hai lá, nên át và 4 là 15; át tính 1 hoặc 10 trong ba lá và 1 trong bốn hoặc năm lá. Một bộ bài, xáo trước mỗi ván; mọi lá được chia úp và mỗi chỗ chỉ thấy bài của mình.",
    "Các con cược trước khi chia bài, bạn 10 đến 500 và những người khác 50, và số chip của bạn phải đủ trả gấp đôi tiền cược. Cái không cược và trả bằng chip của mình đến khi hết. Số chip dưới mức tối thiểu (của cái là 100) được thay bằng 1.000 chip mới trước một ván.",
    "Hai lá át là xì bàn, át với 10, bồi, đầm hoặc già là xì dách: được lật và trả ngay, xì bàn 1 ăn 2 và xì dách 1 ăn 1. Xì bàn của chính cái thu hai lần cược, xì dách một lần, từ mọi con, và ván kết thúc; bài tự nhiên bằng nhau thì cái ăn. Hai lá 15 chỉ là 15 điểm thường.",
    "Rồi các con chơi lần lượt, bạn trước. Từ 16 đến 20 bạn được rút hoặc dằn; ở 21 bạn dằn. Dưới 16 bạn vẫn được dằn, nhưng bài bị non: thua tiền cược dù cái có gì, và còn trả lại những gì cái đã chi cho các con khác trong ván này, tối đa 12 lần cược của mình. 22 đến 27 là quắc, thua thường; 28 trở lên là quắc đền, bị phạt như non. Bài dừng ở năm lá: năm lá không quá 21 là ngũ linh, thắng mọi tổng và ăn 1 ăn 2. Mọi bài đều úp cho đến khi cái xét.",
    "Cái phải rút khi dưới 15, hoặc dằn ở đó và bị non: khi đó cái đền mọi bài chưa xét. Từ 15, cái chọn, bao nhiêu lần tùy thích: xét bài một con và tính ngay, rút một lá, hoặc dằn, tức là xét mọi bài còn lại. Bài của cái vẫn úp khi cái xét bài và được lật khi lượt của cái kết thúc. Khi xét, tổng cao hơn thắng 1 ăn 1, tổng thấp hơn hoặc quắc thua một lần cược, và tổng bằng nhau thì hòa; bài non hoặc quắc đền thua tiền cược dù cái có gì.",
    "Bài đặc biệt của cái tính mọi bài chưa xét. Ngũ linh của cái thu hai lần cược từ mỗi bài, và gặp ngũ linh của con thì cái thắng. Cái quắc thì trả mỗi bài theo hệ số của chính bài đó, nhưng bài quắc đang úp thì hòa. Cái kết thúc lượt với non, hoặc với quắc đền từ 28 trở lên, thì đền mọi bài chưa xét theo hệ số của chính bài đó (đền làng), còn bài non hoặc quắc đền thì hòa."
   ],
   "pays": [
    [
     "Xì bàn: hai lá át",
     "1 ăn 2"
    ],
    [
     "Xì dách: át với 10, bồi, đầm hoặc già",
     "1 ăn 1"
    ],
    [
     "Ngũ linh: năm lá không quá 21",
     "1 ăn 2"
    ],
    [
     "Tổng cao hơn, hoặc không quắc khi cái quắc",
     "1 ăn 1"
    ]
   ]
  }
 },
 "classic": {
  "en": {
   "title": "Classic Blackjack",
   "paragraphs": [
    "Blackjack with a permanent bank: you, Anna and Ben play against the dealer, who always holds the bank. Cards 2 to 10 count their number and Jack, Queen and King count 10; an ace counts 1 or 11, whichever is better without going over 21. An ace with a 10, Jack, Queen or King as a seat's first two cards is a blackjack. 22 or more is a bust and loses at once.",
    "Bet 10 to 500 chips; Anna and Ben bet 50 each. Each seat gets a card face down, the dealer one face up, then each seat a second card face down and the dealer its hole card. You see only your own cards; the others' are shown when they are turned over. With an ace or a ten-value card up, the dealer peeks at its hole card: with a blackjack it turns it over at once, every hand without a blackjack loses its bet (only its bet), and a blackjack pushes. Otherwise a seat's blackjack is turned over and paid 3 to 2 at once; the half chip rounds down, so a bet of 15 wins 22.",
    "Then each seat in turn, you first, hits or stands as often as it likes, until it stands, reaches 21 or busts. There is no doubling, no surrender and no insurance. Two cards of the same rank (two jacks or two sixes; a jack and a queen are not a pair) may be split once into two hands, with a second bet equal to the first, when your stack covers both. Each hand gets a second card and is played out before the next. Split aces play like any hand, but an ace and a ten after a split are a plain 21, not a blackjack.",
    "The dealer turns its hole card over and draws under 17, standing on every 17, soft 17 (an ace counted 11) included; when no hand is left standing, it draws nothing. A dealer's bust pays every hand still standing 1 to 1. Otherwise the higher total wins 1 to 1, the lower loses, equal totals push, and a blackjack beats a 21 of three or more cards.",
    "The shoe holds two decks and is dealt down to the blank card at the bottom. Before a hand, when fewer than 26 cards remain, all the cards are gathered and shuffled. Should the pack run out during a hand all the same, the cards of earlier hands are shuffled into a new pack and the deal goes on; the cards on the table stay where they are."
   ],
   "pays": [
    [
     "Blackjack",
     "3 to 2"
    ],
    [
     "Any other win",
     "1 to 1"
    ]
   ]
  },
  "de": {
   "title": "Klassisches Blackjack",
   "paragraphs": [
    "Blackjack mit fester Bank: Du, Anna und Ben spielt gegen den Dealer, der immer die Bank hält. Die Karten 2 bis 10 zählen ihre Zahl, Bube, Dame und König zählen 10; ein Ass zählt 1 oder 11, je nachdem, was besser ist, ohne 21 zu überschreiten. Ein Ass mit 10, Bube, Dame oder König als erste zwei Karten ist ein Blackjack. 22 oder mehr ist überkauft und verliert sofort.",
    "Setz 10 bis 500 Chips; Anna und Ben setzen je 50. Jeder Platz bekommt eine Karte verdeckt, der Dealer eine offen, dann jeder Platz eine zweite Karte verdeckt und der Dealer seine verdeckte Karte. Du siehst nur deine eigenen Karten, die der anderen erst, wenn sie aufgedeckt werden. Zeigt der Dealer offen ein Ass oder eine Zehnerkarte, schaut er unter seine verdeckte Karte: Mit einem Blackjack deckt er sofort auf, jede Hand ohne Blackjack verliert ihren Einsatz (nur den Einsatz), und ein Blackjack ist ein Push. Sonst wird der Blackjack eines Platzes sofort aufgedeckt und 3 zu 2 bezahlt; ein halber Chip wird abgerundet, ein Einsatz von 15 gewinnt also 22.",
    "Dann ist jeder Platz der Reihe nach dran, du zuerst: ziehen oder stehen, so oft du willst, bis du stehen bleibst, 21 erreichst oder dich überkaufst. Verdoppeln, Aufgeben und Versicherung gibt es nicht. Zwei Karten gleichen Rangs (zwei Buben, zwei Sechsen; Bube und Dame sind kein Paar) darfst du einmal in zwei Hände teilen, mit einem zweiten Einsatz in gleicher Höhe, wenn dein Stapel beide deckt. Jede Hand bekommt eine zweite Karte und wird zu Ende gespielt, bevor die nächste dran ist. Geteilte Asse spielen wie jede andere Hand, aber Ass und Zehn nach einer Teilung sind eine gewöhnliche 21, kein Blackjack.",
    "Der Dealer deckt seine verdeckte Karte auf und zieht unter 17; auf jeder 17 bleibt er stehen, auch auf einer weichen 17 (mit einem Ass als 11). Steht keine Hand mehr im Spiel, zieht er nichts. Überkauft sich der Dealer, zahlt er jeder Hand, die noch steht, 1 zu 1. Sonst gewinnt die höhere Summe 1 zu 1, die niedrigere verliert, gleiche Summen sind ein Push, und ein Blackjack schlägt jede 21 aus drei oder mehr Karten.",
    "Der Schuh hat zwei Decks und wird bis zur leeren Karte ganz unten ausgegeben. Sind vor einer Hand weniger als 26 Karten übrig, werden alle Karten eingesammelt und gemischt. Ist der Schuh während einer Hand trotzdem leer, werden die Karten früherer Hände zu einem neuen Stapel gemischt, und es wird weitergegeben; die Karten auf dem Tisch bleiben liegen."
   ],
   "pays": [
    [
     "Blackjack",
     "3 zu 2"
    ],
    [
     "Jeder andere Gewinn",
     "1 zu 1"
    ]
   ]
  },
  "zh": {
   "title": "经典二十一点",
   "paragraphs": [
    "固定庄家的二十一点：你、安娜和本对抗庄家，庄家始终坐庄。2 到 10 按牌面计点，J、Q、K 各算 10 点；A 算 1 点或 11 点，以不超过 21 点的较优者为准。头两张牌是一张 A 加一张 10、J、Q 或 K，就是天生 21 点，简称 BJ。22 点或以上即为爆点，立即输掉。",
    "下注 10 到 500 筹码；安娜和本各押 50。每个座位先拿一张暗牌，庄家拿一张明牌，然后每个座位再拿第二张暗牌，庄家拿一张底牌。你只看得到自己的牌，其他人的牌翻开后才看得到。庄家的明牌是 A 或 10 点牌时，庄家会查看底牌：若是 BJ 就立刻翻开，没有 BJ 的手牌都输掉下注（只输下注），有 BJ 的是和局。否则座位的 BJ 立刻翻开，按 3 赔 2 赔付；半个筹码舍去，所以下注 15 赢 22。",
    "然后各座位依次行动，从你开始：要牌或停牌，次数不限，直到停牌、达到 21 点或爆点为止。不能加倍投注，不能投降，也没有保险。头两张牌牌面相同时（两张 J、两张六；J 和 Q 不算对子），只要你的筹码够付两份投注，就可以分牌一次，分成两手牌，另下一份与原注相同的投注。每手牌先补第二张牌，打完一手再打下一手。分开的 A 和其他手牌一样打，但分牌后的 A 加 10 点牌只算普通 21 点，不算 BJ。",
    "庄家翻开底牌，不到 17 点就要牌，任何 17 点都停牌，软 17 点（A 算 11 点）也一样；如果已经没有仍在局中的手牌，庄家就不再要牌。庄家爆点时，所有仍在局中的手牌按 1 赔 1 赢。否则点数高的按 1 赔 1 赢，点数低的输，点数相同为和局，BJ 胜过三张或以上牌的 21 点。",
    "牌靴里有两副牌，一直发到最底下的空白牌为止。每一手开始前，如果剩下不到 26 张牌，就收回所有的牌重新洗牌。万一在一手牌中途牌还是用完了，就把之前各手用过的牌洗成一副新牌继续发；桌上的牌保持不动。"
   ],
   "pays": [
    [
     "BJ（天生 21 点）",
     "3 赔 2"
    ],
    [
     "其他获胜",
     "1 赔 1"
    ]
   ]
  },
  "vi": {
   "title": "Blackjack cổ điển",
   "paragraphs": [
    "Blackjack với nhà cái cố định: bạn, Anna và Ben chơi với nhà cái, người luôn giữ cái. Các lá 2 đến 10 tính theo số, bồi, đầm và già tính 10; át tính 1 hoặc 11, giá trị nào tốt hơn mà không quá 21. Át với 10, bồi, đầm hoặc già là hai lá đầu của một chỗ là blackjack. 22 trở lên là quắc và thua ngay.",
    "Cược 10 đến 500 chip; Anna và Ben mỗi người cược 50. Mỗi chỗ nhận một lá úp, nhà cái một lá ngửa, rồi mỗi chỗ lá thứ hai úp và nhà cái lá úp của mình. Bạn chỉ thấy bài của mình; bài của người khác hiện ra khi được lật. Khi lá ngửa là át hoặc lá mười điểm, nhà cái xem lá úp: có blackjack thì lật ngay, mọi bài không có blackjack thua tiền cược (chỉ tiền cược), và blackjack thì hòa. Nếu không, blackjack của một chỗ được lật và trả 2 ăn 3 ngay; nửa chip được làm tròn xuống, nên cược 15 thắng 22.",
    "Rồi từng chỗ lần lượt, bạn trước, rút hoặc dằn bao nhiêu lần tùy thích, đến khi dằn, đạt 21 hoặc quắc. Không có gấp đôi, đầu hàng hay bảo hiểm. Hai lá cùng hạng (hai bồi hoặc hai lá sáu; bồi và đầm không phải đôi) được tách một lần thành hai bài, với tiền cược thứ hai bằng tiền cược đầu, khi số chip của bạn đủ trả cả hai. Mỗi bài nhận lá thứ hai và được chơi xong trước bài kế. Át tách chơi như mọi bài, nhưng át và lá mười điểm sau khi tách là 21 thường, không phải blackjack.",
    "Nhà cái lật lá úp và rút khi dưới 17, dằn ở mọi 17, kể cả 17 mềm (át tính 11); khi không còn bài nào đứng, nhà cái không rút. Nhà cái quắc thì trả mọi bài còn đứng 1 ăn 1. Nếu không, tổng cao hơn thắng 1 ăn 1, thấp hơn thì thua, tổng bằng nhau thì hòa, và blackjack thắng 21 từ ba lá trở lên.",
    "Hộp bài có hai bộ bài và được chia đến lá trắng ở đáy. Trước một ván, khi còn ít hơn 26 lá, mọi lá được gom lại và xáo. Nếu bộ bài vẫn hết giữa ván, các lá của những ván trước được xáo thành bộ mới và việc chia tiếp tục; các lá trên bàn vẫn ở nguyên chỗ."
   ],
   "pays": [
    [
     "Blackjack",
     "2 ăn 3"
    ],
    [
     "Mọi chiến thắng khác",
     "1 ăn 1"
    ]
   ]
  }
 },
 "infinite": {
  "en": {
   "title": "Infinite Blackjack",
   "paragraphs": [
    "In Infinite Blackjack every seat plays the same cards. Each seat's first two cards are the same two cards, and the n-th card a seat draws is the n-th card of one common row: seats that decide alike hold alike hands, and a seat that stands while another hits simply takes fewer cards of the row. Your choices never change anyone else's cards. Cards 2 to 10 count their number, Jack, Queen and King 10, an ace 1 or 11; an ace with a ten-value card as the first two cards is a blackjack, and 22 or more is a bust.",
    "The shoe holds eight decks. After a shuffle the dealer turns over the first card and burns it and as many more cards as its value (an ace one more, a ten-value card ten more). A cut card lies 78 cards from the end; the hand in which it comes out is the last of the shoe. The hands of a shoe are numbered from 1: Pairs can be bet on hands 1 to 40, the other side bets on hands 1 to 45.",
    "Bet 10 to 500 chips on your seat, side bets of 1 to 100 chips each, or both; with no seat bet you take no turn. Anna and Ben bet 50. The seats' cards are dealt face up; the dealer gets an up card and a hole card. With an ace up, each seat may insure for half its bet (the bet must be even), a blackjack too: insurance pays 2 to 1 when the dealer has a blackjack and is lost otherwise. With an ace or a ten-value card up, the dealer then peeks; a dealer's blackjack ends the hand: a seat's blackjack pushes, every other seat loses its bet.",
    "Each seat in turn, you first, hits or stands. On its first two cards it may also double (the bet is doubled and the hand takes exactly one more card; after a split too, but not on split aces) or split a pair of the same value, a jack and a queen included, once, with a second equal bet; split aces take one card each. As its very first choice, against an up card of 2 to 9, a seat may surrender: half the bet is lost (rounded up) and the rest comes back. A double or split your stack cannot cover is played as a hit at 11 or less, otherwise as a stand; a seat that does not choose in time hits while at 11 or less, then stands.",
    "The dealer always plays its hand out after the seats, even when every seat has busted or surrendered: it draws under 17 and stands on every 17, soft 17 included. A blackjack pays 3 to 2 at the end of the hand (the half chip rounds down), other wins pay 1 to 1 and equal totals push; a blackjack beats any 21 of more cards, and an ace and a ten after a split are a plain 21.",
    "Each side bet pays only its highest line and is lost otherwise. Pairs looks at your first two cards (hearts and diamonds are red, clubs and spades black). Bust pays when the dealer's final hand busts, by its number of cards, and is lost to a dealer's blackjack. Lucky 3 and Poker 3 take your two cards and the dealer's up card as one hand; a straight may be A-2-3 or Q-K-A, but not K-A-2."
   ],
   "pays": [
    [
     "Blackjack",
     "3 to 2"
    ],
    [
     "Any other win",
     "1 to 1"
    ],
    [
     "Insurance",
     "2 to 1"
    ],
    [
     "Pairs: mixed (same rank, one red, one black)",
     "5 to 1"
    ],
    [
     "Pairs: coloured (same rank and colour, suits differ)",
     "10 to 1"
    ],
    [
     "Pairs: perfect (same rank and suit)",
     "30 to 1"
    ],
    [
     "Bust: the dealer busts with 3 cards",
     "1 to 1"
    ],
    [
     "Bust: with 4 cards",
     "2 to 1"
    ],
    [
     "Bust: with 5 cards",
     "9 to 1"
    ],
    [
     "Bust: with 6 cards",
     "50 to 1"
    ],
    [
     "Bust: with 7 cards",
     "100 to 1"
    ],
    [
     "Bust: with 8 cards or more",
     "250 to 1"
    ],
    [
     "Lucky 3: total 19 or 20",
     "2 to 1"
    ],
    [
     "Lucky 3: total 21, suits mixed",
     "3 to 1"
    ],
    [
     "Lucky 3: total 21, one suit",
     "10 to 1"
    ],
    [
     "Lucky 3: 6-7-8, suits mixed",
     "30 to 1"
    ],
    [
     "Lucky 3: 7-7-7, suits mixed",
     "50 to 1"
    ],
    [
     "Lucky 3: 6-7-8, one suit",
     "100 to 1"
    ],
    [
     "Lucky 3: 7-7-7, one suit",
     "200 to 1"
    ],
    [
     "Poker 3: flush (one suit)",
     "5 to 1"
    ],
    [
     "Poker 3: straight, suits mixed",
     "10 to 1"
    ],
    [
     "Poker 3: three of a kind, suits mixed",
     "30 to 1"
    ],
    [
     "Poker 3: straight flush",
     "40 to 1"
    ],
    [
     "Poker 3: three of a kind, one suit",
     "100 to 1"
    ]
   ]
  },
  "de": {
   "title": "Infinite Blackjack",
   "paragraphs": [
    "Bei Infinite Blackjack spielen alle Plätze dieselben Karten. Die ersten zwei Karten sind für jeden Platz dieselben, und die n-te Karte, die ein Platz zieht, ist die n-te Karte einer gemeinsamen Reihe: Wer gleich entscheidet, hält die gleiche Hand, und wer stehen bleibt, während ein anderer zieht, nimmt einfach weniger Karten der Reihe. Deine Entscheidungen ändern nie die Karten der anderen. Die Karten 2 bis 10 zählen ihre Zahl, Bube, Dame und König 10, ein Ass 1 oder 11; ein Ass mit einer Zehnerkarte als erste zwei Karten ist ein Blackjack, und 22 oder mehr ist überkauft.",
    "Der Schuh hat acht Decks. Nach dem Mischen deckt der Dealer die erste Karte auf und legt sie und so viele weitere Karten, wie sie zählt, ungesehen weg (bei einem Ass eine weitere, bei einer Zehnerkarte zehn weitere). Eine Schnittkarte liegt 78 Karten vor dem Ende; die Hand, in der sie herauskommt, ist die letzte des Schuhs. Die Hände eines Schuhs werden ab 1 gezählt: Paare kann man in den Händen 1 bis 40 setzen, die anderen Nebenwetten in den Händen 1 bis 45.",
    "Setz 10 bis 500 Chips auf deinen Platz, Nebenwetten von je 1 bis 100 Chips, oder beides; ohne Einsatz auf den Platz bist du nicht am Zug. Anna und Ben setzen 50. Die Karten der Plätze liegen offen, der Dealer bekommt eine offene und eine verdeckte Karte. Zeigt er ein Ass, darf sich jeder Platz für den halben Einsatz versichern (der Einsatz muss gerade sein), auch mit einem Blackjack: Die Versicherung zahlt 2 zu 1, wenn der Dealer einen Blackjack hat, und ist sonst verloren. Bei einem offenen Ass oder einer Zehnerkarte schaut der Dealer dann nach; ein Blackjack des Dealers beendet die Hand: Ein Blackjack eines Platzes ist ein Push, jeder andere Platz verliert seinen Einsatz.",
    "Jeder Platz ist der Reihe nach dran, du zuerst: ziehen oder stehen. Auf den ersten zwei Karten darf er auch verdoppeln (der Einsatz verdoppelt sich, und die Hand bekommt genau eine Karte; auch nach einer Teilung, aber nicht bei geteilten Assen) oder ein Paar gleichen Werts teilen, auch Bube und Dame, einmal, mit einem zweiten gleichen Einsatz; geteilte Asse bekommen je eine Karte. Als allererste Entscheidung darf ein Platz gegen eine offene 2 bis 9 aufgeben: Die Hälfte des Einsatzes ist verloren (aufgerundet), der Rest kommt zurück. Ein Verdoppeln oder Teilen, das dein Stapel nicht deckt, wird bei 11 oder weniger als Ziehen gespielt, sonst als Stehen; wer nicht rechtzeitig entscheidet, zieht, solange er 11 oder weniger hat, und bleibt dann stehen.",
    "Der Dealer spielt seine Hand nach den Plätzen immer zu Ende, auch wenn alle überkauft sind oder aufgegeben haben: Er zieht unter 17 und bleibt auf jeder 17 stehen, auch auf einer weichen 17. Ein Blackjack zahlt am Ende der Hand 3 zu 2 (ein halber Chip wird abgerundet), andere Gewinne zahlen 1 zu 1, gleiche Summen sind ein Push; ein Blackjack schlägt jede 21 aus mehr Karten, und Ass und Zehn nach einer Teilung sind eine gewöhnliche 21.",
    "Jede Nebenwette zahlt nur ihre höchste Zeile und ist sonst verloren. Paare schaut auf deine ersten zwei Karten (Herz und Karo sind rot, Kreuz und Pik schwarz). Bust zahlt, wenn sich der Dealer am Ende überkauft, nach der Zahl seiner Karten, und verliert gegen einen Blackjack des Dealers. Lucky 3 und Poker 3 nehmen deine zwei Karten und die offene Karte des Dealers als eine Hand; eine Straße darf Ass-2-3 oder Dame-König-Ass sein, aber nicht König-Ass-2."
   ],
   "pays": [
    [
     "Blackjack",
     "3 zu 2"
    ],
    [
     "Jeder andere Gewinn",
     "1 zu 1"
    ],
    [
     "Versicherung",
     "2 zu 1"
    ],
    [
     "Paare: gemischt (gleicher Rang, eine rot, eine schwarz)",
     "5 zu 1"
    ],
    [
     "Paare: farbig (gleicher Rang, beide rot oder beide schwarz, verschiedene Farben)",
     "10 zu 1"
    ],
    [
     "Paare: perfekt (gleicher Rang, gleiche Farbe)",
     "30 zu 1"
    ],
    [
     "Bust: der Dealer überkauft sich mit 3 Karten",
     "1 zu 1"
    ],
    [
     "Bust: mit 4 Karten",
     "2 zu 1"
    ],
    [
     "Bust: mit 5 Karten",
     "9 zu 1"
    ],
    [
     "Bust: mit 6 Karten",
     "50 zu 1"
    ],
    [
     "Bust: mit 7 Karten",
     "100 zu 1"
    ],
    [
     "Bust: mit 8 oder mehr Karten",
     "250 zu 1"
    ],
    [
     "Lucky 3: Summe 19 oder 20",
     "2 zu 1"
    ],
    [
     "Lucky 3: Summe 21, gemischte Farben",
     "3 zu 1"
    ],
    [
     "Lucky 3: Summe 21, eine Farbe",
     "10 zu 1"
    ],
    [
     "Lucky 3: 6-7-8, gemischte Farben",
     "30 zu 1"
    ],
    [
     "Lucky 3: 7-7-7, gemischte Farben",
     "50 zu 1"
    ],
    [
     "Lucky 3: 6-7-8, eine Farbe",
     "100 zu 1"
    ],
    [
     "Lucky 3: 7-7-7, eine Farbe",
     "200 zu 1"
    ],
    [
     "Poker 3: Flush (eine Farbe)",
     "5 zu 1"
    ],
    [
     "Poker 3: Straße, gemischte Farben",
     "10 zu 1"
    ],
    [
     "Poker 3: Drilling, gemischte Farben",
     "30 zu 1"
    ],
    [
     "Poker 3: Straight Flush",
     "40 zu 1"
    ],
    [
     "Poker 3: Drilling, eine Farbe",
     "100 zu 1"
    ]
   ]
  },
  "zh": {
   "title": "无限二十一点",
   "paragraphs": [
    "在无限二十一点里，所有座位打的是同一套牌。每个座位的头两张牌都相同，而一个座位要的第 n 张牌，就是同一排公共牌里的第 n 张：做出相同决定的座位手牌相同；别人要牌时你停牌，只是少拿这一排里的几张牌而已。你的决定永远不会改变别人的牌。2 到 10 按牌面计点，J、Q、K 各算 10 点，A 算 1 点或 11 点；头两张牌是 A 加一张 10 点牌就是天生 21 点，简称 BJ；22 点或以上即为爆点。",
    "牌靴里有八副牌。洗牌后，荷官翻开第一张牌，把这张牌和与它点数相同张数的牌作为销牌抽走（A 再销一张，10 点牌再销十张）。切牌放在距离牌靴末端 78 张牌的位置；抽到切牌的那一局就是这一靴的最后一局。每一靴的局数从 1 开始计算：对子只能在第 1 到 40 局下注，其他边注在第 1 到 45 局。",
    "座位投注 10 到 500 筹码，每项边注 1 到 100 筹码，也可以两者都下；没有座位投注就不参与决策。安娜和本各押 50。座位的牌都是明牌，荷官拿一张明牌和一张底牌。荷官明牌是 A 时，每个座位可以用座位投注的一半购买保险（投注须为双数），有 BJ 也可以买：荷官有 BJ 时保险按 2 赔 1，否则输掉保险。荷官明牌是 A 或 10 点牌时接着查看底牌；荷官若是 BJ，这一局就结束：座位的 BJ 为和局，其他座位输掉投注。",
    "各座位依次行动，从你开始：要牌或停牌。头两张牌时还可以加倍投注（投注加倍，手牌只再拿一张牌；分牌后也可以，但分牌 A 除外），或者把一对点数相同的牌分牌（J 和 Q 也算），只能分一次，另下一份相同的投注；分牌 A 每手只拿一张牌。还没做任何操作、而且荷官明牌是 2 到 9 时，可以投降：输掉一半投注（向上取整），其余退回。筹码不够加倍或分牌时，11 点或以下按要牌处理，否则按停牌处理；没有及时决定的座位，11 点或以下时自动要牌，然后停牌。",
    "所有座位行动之后，荷官总会把自己的手牌打完，即使所有座位都已爆点或投降：不到 17 点必须要牌，任何 17 点都停牌，包括软 17 点。BJ 在这一局结束时按 3 赔 2 赔付（半个筹码舍去），其他获胜按 1 赔 1，点数相同为和局；BJ 胜过更多张牌的 21 点，分牌后的 A 加 10 点牌只算普通 21 点。",
    "每项边注只按达成的最高组合派彩，否则输掉。对子看你的头两张牌（红心和方块是红色，梅花和黑桃是黑色）。爆点奖金在荷官最终手牌爆点时按其张数派彩，荷官有 BJ 时输掉。幸运三牌和扑克三牌把你的两张牌和荷官的明牌当作一手牌；顺子可以是 A-2-3 或 Q-K-A，但 K-A-2 不算。"
   ],
   "pays": [
    [
     "BJ（天生 21 点）",
     "3 赔 2"
    ],
    [
     "其他获胜",
     "1 赔 1"
    ],
    [
     "保险",
     "2 赔 1"
    ],
    [
     "对子：混合对子（同牌值，一红一黑）",
     "5 赔 1"
    ],
    [
     "对子：同色对子（同牌值、同颜色、不同花色）",
     "10 赔 1"
    ],
    [
     "对子：完美对子（同牌值、同花色）",
     "30 赔 1"
    ],
    [
     "爆点奖金：荷官三张牌爆点",
     "1 赔 1"
    ],
    [
     "爆点奖金：四张牌爆点",
     "2 赔 1"
    ],
    [
     "爆点奖金：五张牌爆点",
     "9 赔 1"
    ],
    [
     "爆点奖金：六张牌爆点",
     "50 赔 1"
    ],
    [
     "爆点奖金：七张牌爆点",
     "100 赔 1"
    ],
    [
     "爆点奖金：八张牌或以上爆点",
     "250 赔 1"
    ],
    [
     "幸运三牌：总值 19 或 20",
     "2 赔 1"
    ],
    [
     "幸运三牌：混合花色总值 21",
     "3 赔 1"
    ],
    [
     "幸运三牌：同花色总值 21",
     "10 赔 1"
    ],
    [
     "幸运三牌：混合花色 6-7-8",
     "30 赔 1"
    ],
    [
     "幸运三牌：混合花色 7-7-7",
     "50 赔 1"
    ],
    [
     "幸运三牌：同花色 6-7-8",
     "100 赔 1"
    ],
    [
     "幸运三牌：同花色 7-7-7",
     "200 赔 1"
    ],
    [
     "扑克三牌：同花（同一花色）",
     "5 赔 1"
    ],
    [
     "扑克三牌：顺子（混合花色）",
     "10 赔 1"
    ],
    [
     "扑克三牌：三条（混合花色）",
     "30 赔 1"
    ],
    [
     "扑克三牌：同花顺",
     "40 赔 1"
    ],
    [
     "扑克三牌：同花三条",
     "100 赔 1"
    ]
   ]
  },
  "vi": {
   "title": "Blackjack vô hạn",
   "paragraphs": [
    "Trong Blackjack vô hạn mọi chỗ chơi cùng các lá bài. Hai lá đầu của mỗi chỗ là cùng hai lá, và lá thứ n mà một chỗ rút là lá thứ n của một hàng bài chung: các chỗ quyết định giống nhau thì có bài giống nhau, và chỗ dằn trong khi chỗ khác rút chỉ đơn giản lấy ít lá của hàng hơn. Lựa chọn của bạn không bao giờ thay đổi bài của ai khác. Các lá 2 đến 10 tính theo số, bồi, đầm và già tính 10, át 1 hoặc 11; át với lá mười điểm là hai lá đầu là blackjack, và 22 trở lên là quắc.",
    "Hộp bài có tám bộ bài. Sau khi xáo, nhà cái lật lá đầu và bỏ nó cùng thêm bấy nhiêu lá như giá trị của nó (át thêm một lá, lá mười điểm thêm mười lá). Lá cắt nằm cách cuối 78 lá; ván mà nó lộ ra là ván cuối của hộp bài. Các ván của một hộp bài được đánh số từ 1: Đôi được cược ở ván 1 đến 40, các cược phụ khác ở ván 1 đến 45.",
    "Cược 10 đến 500 chip vào chỗ của bạn, các cược phụ mỗi loại 1 đến 100 chip, hoặc cả hai; không cược vào chỗ thì bạn không có lượt. Anna và Ben cược 50. Bài của các chỗ được chia ngửa; nhà cái nhận một lá ngửa và một lá úp. Khi nhà cái ngửa át, mỗi chỗ được mua bảo hiểm bằng nửa tiền cược (tiền cược phải chẵn), kể cả blackjack: bảo hiểm được 1 ăn 2 khi nhà cái có blackjack và mất nếu không. Khi nhà cái ngửa át hoặc lá mười điểm, nhà cái xem trước; blackjack của nhà cái kết thúc ván: blackjack của một chỗ thì hòa, mọi chỗ khác thua tiền cược.",
    "Từng chỗ lần lượt, bạn trước, rút hoặc dằn. Với hai lá đầu, chỗ đó cũng được gấp đôi (tiền cược gấp đôi và bài nhận đúng một lá nữa; cả sau khi tách, nhưng không với át tách) hoặc tách một đôi cùng giá trị, kể cả bồi với đầm, một lần, với tiền cược thứ hai bằng nhau; mỗi át tách nhận một lá. Ngay lựa chọn đầu tiên, khi nhà cái ngửa 2 đến 9, một chỗ được đầu hàng: mất nửa tiền cược (làm tròn lên) và phần còn lại được trả lại. Gấp đôi hoặc tách mà số chip không đủ thì được chơi như rút khi 11 trở xuống, nếu không thì như dằn; chỗ không chọn kịp thì rút khi còn 11 trở xuống, rồi dằn.",
    "Nhà cái luôn chơi hết bài sau các chỗ, kể cả khi mọi chỗ đã quắc hoặc đầu hàng: rút khi dưới 17 và dằn ở mọi 17, kể cả 17 mềm. Blackjack được 2 ăn 3 vào cuối ván (nửa chip được làm tròn xuống), các chiến thắng khác 1 ăn 1 và tổng bằng nhau thì hòa; blackjack thắng mọi 21 nhiều lá hơn, và át với lá mười điểm sau khi tách là 21 thường.",
    "Mỗi cược phụ chỉ trả dòng cao nhất của nó và mất nếu không trúng. Đôi xét hai lá đầu của bạn (cơ và rô màu đỏ, chuồn và bích màu đen). Quắc trả khi bài cuối của nhà cái quắc, theo số lá, và mất khi nhà cái có blackjack. Lucky 3 và Poker 3 lấy hai lá của bạn và lá ngửa của nhà cái làm một bài; sảnh có thể là A-2-3 hoặc Q-K-A, nhưng không phải K-A-2."
   ],
   "pays": [
    [
     "Blackjack",
     "2 ăn 3"
    ],
    [
     "Mọi chiến thắng khác",
     "1 ăn 1"
    ],
    [
     "Bảo hiểm",
     "1 ăn 2"
    ],
    [
     "Đôi: pha màu (cùng hạng, một đỏ, một đen)",
     "1 ăn 5"
    ],
    [
     "Đôi: cùng màu (cùng hạng và màu, khác chất)",
     "1 ăn 10"
    ],
    [
     "Đôi: hoàn hảo (cùng hạng và chất)",
     "1 ăn 30"
    ],
    [
     "Quắc: nhà cái quắc với 3 lá",
     "1 ăn 1"
    ],
    [
     "Quắc: với 4 lá",
     "1 ăn 2"
    ],
    [
     "Quắc: với 5 lá",
     "1 ăn 9"
    ],
    [
     "Quắc: với 6 lá",
     "1 ăn 50"
    ],
    [
     "Quắc: với 7 lá",
     "1 ăn 100"
    ],
    [
     "Quắc: với 8 lá trở lên",
     "1 ăn 250"
    ],
    [
     "Lucky 3: tổng 19 hoặc 20",
     "1 ăn 2"
    ],
    [
     "Lucky 3: tổng 21, khác chất",
     "1 ăn 3"
    ],
    [
     "Lucky 3: tổng 21, đồng chất",
     "1 ăn 10"
    ],
    [
     "Lucky 3: 6-7-8, khác chất",
     "1 ăn 30"
    ],
    [
     "Lucky 3: 7-7-7, khác chất",
     "1 ăn 50"
    ],
    [
     "Lucky 3: 6-7-8, đồng chất",
     "1 ăn 100"
    ],
    [
     "Lucky 3: 7-7-7, đồng chất",
     "1 ăn 200"
    ],
    [
     "Poker 3: thùng (đồng chất)",
     "1 ăn 5"
    ],
    [
     "Poker 3: sảnh, khác chất",
     "1 ăn 10"
    ],
    [
     "Poker 3: sám cô, khác chất",
     "1 ăn 30"
    ],
    [
     "Poker 3: thùng phá sảnh",
     "1 ăn 40"
    ],
    [
     "Poker 3: sám cô, đồng chất",
     "1 ăn 100"
    ]
   ]
  }
 }
};
