/* The product's rules text: seed 000 (/work/shared/seeds/000_*.txt) in English, German and
   Chinese, paragraph for paragraph, and the English translated into Vietnamese. The last paragraph of each language is the play-chips note. An ES module. */
export const RULES = {
 "en": {
  "title": "Ban Luck",
  "rules": [
   "Ban Luck is the blackjack of Singapore and Malaysia, played at Chinese New Year; the rules differ from house to house, and this is the variant played here. Four sit at the table: you, Anna and Ben against the dealer. Cards 2 to 10 count their number and Jack, Queen and King count 10. An ace counts 10 or 11 in a hand of two cards, 1 or 10 in a hand of three, and 1 in a hand of four or five; a hand always takes the best total up to 21.",
   "Bet 10 to 500 chips and press Deal; Anna and Ben put 50 each. Everyone gets two cards: yours face up, the others' face down. Two aces are a Ban-Ban, an ace with a 10, Jack, Queen or King a Ban-Luck: a hand that takes no more cards. A Ban-Ban pays 3 to 1 and a Ban-Luck 2 to 1 against anything but the dealer's own natural; a Ban-Ban beats a Ban-Luck at 3 to 1, equal naturals push.",
   "The dealer looks at its own cards first. With a Ban-Ban or a Ban-Luck it turns them over at once and collects the same multiple from every hand that has none. With a total of 15 the dealer may throw the hand in: the round is void and every bet comes back, even a natural's. The dealer here always throws a 15 in.",
   "Then each hand plays in turn, you first. A two-card 15 is a free hand: you may throw it in and take your bet back, or play on. Under 16 you must draw; at 16 or more you may stand. 22 or more is a bust and loses at once; with five cards a bust costs twice the bet. A hand stops at five cards: five cards under 22 are a five dragon, paid 2 to 1, or 3 to 1 when they make exactly 21. A five dragon beats every plain hand, whatever its total, and only a natural beats it; two five-card hands go by their totals.",
   "The dealer turns its cards over and draws under 16; at 16 with four cards it tries for the five dragon, otherwise it stands at 16 or more. Then it opens the hands still in the round one by one, yours first, and settles each: a higher total wins 1 to 1, a lower one loses, equal totals push. A dealer who busts pays every hand still standing; a dealer's five dragon collects 2 to 1 (3 to 1 with 21) from every plain hand.",
   "A loss costs the multiple the dealer's hand is worth, so a Ban-Ban collects three bets and a Ban-Luck or a five dragon two; the chips beyond your bet come from your stack, as far as it goes. The shoe holds two decks (one in the settings) and is reshuffled before a hand once it runs low. The speed setting paces the dealer and the bots at once."
  ],
  "chips": "The chips are play chips: nothing can be bought or won with them. Your stack is saved with the game, and if you run out you get a fresh stack of 1,000 at the next hand; so do Anna and Ben."
 },
 "de": {
  "title": "Ban Luck",
  "rules": [
   "Ban Luck ist das Blackjack aus Singapur und Malaysia, gespielt zum Chinesischen Neujahr; die Regeln sind von Haus zu Haus verschieden, und hier gilt diese Variante. Vier sitzen am Tisch: du, Anna und Ben gegen den Dealer. Die Karten 2 bis 10 zählen ihre Zahl, Bube, Dame und König zählen 10. Ein Ass zählt 10 oder 11 in einer Hand aus zwei Karten, 1 oder 10 bei drei Karten und 1 bei vier oder fünf; eine Hand nimmt immer die beste Summe bis 21.",
   "Setz 10 bis 500 Chips und drück Geben; Anna und Ben setzen je 50. Jeder bekommt zwei Karten: deine offen, die der anderen verdeckt. Zwei Asse sind ein Ban-Ban, ein Ass mit 10, Bube, Dame oder König ein Ban-Luck: eine Hand, die keine Karte mehr nimmt. Ein Ban-Ban zahlt 3 zu 1 und ein Ban-Luck 2 zu 1 gegen alles außer dem Naturblatt des Dealers; ein Ban-Ban schlägt ein Ban-Luck mit 3 zu 1, gleiche Naturblätter sind ein Push.",
   "Der Dealer schaut zuerst auf seine eigenen Karten. Mit Ban-Ban oder Ban-Luck deckt er sie sofort auf und kassiert dasselbe Vielfache von jeder Hand, die keines hat. Mit einer 15 darf der Dealer die Hand abwerfen: Die Runde ist ungültig und jeder Einsatz kommt zurück, auch der eines Naturblatts. Der Dealer hier wirft eine 15 immer ab.",
   "Dann spielt jede Hand der Reihe nach, deine zuerst. Eine 15 aus zwei Karten ist eine freie Hand: Du darfst sie abwerfen und deinen Einsatz zurücknehmen oder weiterspielen. Unter 16 musst du ziehen, ab 16 darfst du stehen. 22 oder mehr ist überkauft und verliert sofort; mit fünf Karten kostet das Überkaufen den doppelten Einsatz. Bei fünf Karten ist Schluss: Fünf Karten unter 22 sind der Fünf-Karten-Drache, der 2 zu 1 zahlt, mit genau 21 3 zu 1. Der Drache schlägt jede gewöhnliche Hand, egal welche Summe, und nur ein Naturblatt schlägt ihn; zwei Hände mit fünf Karten entscheidet die Summe.",
   "Der Dealer deckt seine Karten auf und zieht unter 16; bei 16 mit vier Karten versucht er den Drachen, sonst bleibt er ab 16 stehen. Dann deckt er die Hände, die noch in der Runde sind, eine nach der anderen auf, deine zuerst, und rechnet jede ab: Die höhere Summe gewinnt 1 zu 1, die niedrigere verliert, gleiche Summen sind ein Push. Ein Dealer, der sich überkauft, zahlt jede Hand, die noch steht; ein Drache des Dealers kassiert 2 zu 1 (3 zu 1 mit 21) von jeder gewöhnlichen Hand.",
   "Verlieren kostet das Vielfache, das die Hand des Dealers wert ist: Ein Ban-Ban kassiert drei Einsätze, ein Ban-Luck oder ein Drache zwei; die Chips über deinen Einsatz hinaus kommen aus deinem Stapel, so weit er reicht. Der Schuh hat zwei Decks (eins in den Einstellungen) und wird vor einer Hand neu gemischt, wenn er zur Neige geht. Das Tempo in den Einstellungen gilt sofort für den Dealer und die Mitspieler."
  ],
  "chips": "Die Chips sind Spielchips: Man kann mit ihnen nichts kaufen und nichts gewinnen. Dein Stapel wird mit dem Spiel gespeichert, und wenn du blank bist, bekommst du bei der nächsten Hand einen frischen Stapel mit 1.000; Anna und Ben ebenso."
 },
 "zh": {
  "title": "Ban Luck（廿一点）",
  "rules": [
   "Ban Luck 是新加坡和马来西亚过农历新年时玩的廿一点；各家规则略有不同，这里用的是下面这个版本。桌上四人：你、安娜和本对抗庄家。2 到 10 按牌面计点，J、Q、K 各算 10 点。A 在两张牌的手牌里算 10 点或 11 点，三张牌时算 1 点或 10 点，四张或五张牌时算 1 点；手牌总是取不超过 21 点的最佳点数。",
   "下注 10 到 500 筹码，然后点发牌；安娜和本各押 50。每人两张牌：你的是明牌，其他人的是暗牌。两张 A 是 Ban-Ban，一张 A 加一张 10、J、Q 或 K 是 Ban-Luck：这两种天牌不再要牌。Ban-Ban 按 3 赔 1，Ban-Luck 按 2 赔 1，只有庄家自己的天牌例外；Ban-Ban 以 3 赔 1 胜过 Ban-Luck，相同的天牌是平局。",
   "庄家先看自己的牌。拿到 Ban-Ban 或 Ban-Luck 时立刻翻开，并按同样的倍数向每一手没有天牌的玩家收筹码。总点数是 15 时，庄家可以弃牌：这一手作废，所有下注退回，天牌也不例外。这里的庄家拿到 15 点一定弃牌。",
   "然后各家依次行动，从你开始。头两张牌共 15 点是自由手牌：你可以弃牌收回下注，也可以继续打。不到 16 点必须要牌，16 点或以上可以停牌。22 点或以上就是爆牌，立即输掉；五张牌爆牌要输双倍下注。一手牌最多五张：五张牌不超过 21 点就是五龙，按 2 赔 1，正好 21 点按 3 赔 1。五龙胜过任何普通手牌，不论点数，只有天牌能胜过它；两手都是五张牌时比点数。",
   "庄家翻开自己的牌，不到 16 点就要牌；16 点而且已有四张牌时，庄家会再要一张去拼五龙，否则 16 点或以上就停牌。然后庄家逐一翻开还在局中的手牌，先翻你的，并逐手结算：点数高的按 1 赔 1 赢，点数低的输，点数相同平局。庄家爆牌就赔付所有还站着的手牌；庄家的五龙向每一手普通牌收取 2 倍，正好 21 点收 3 倍。",
   "输牌要按庄家手牌的倍数赔付：Ban-Ban 收三份下注，Ban-Luck 或五龙收两份；超出下注的筹码从你的筹码堆里扣，扣到没有为止。牌靴里有两副牌，设置中可改为一副，牌快发完时会在下一手开始前重新洗牌。设置里的速度会立即作用于庄家和两位牌友。"
  ],
  "chips": "这些筹码是娱乐筹码：既不能用来买东西，也赢不到任何东西。你的筹码会随游戏一起保存；输光之后，下一手会再给你一摞 1,000 的新筹码，安娜和本也一样。"
 },
 "vi": {
  "title": "Ban Luck",
  "rules": [
   "Ban Luck là blackjack của Singapore và Malaysia, được chơi dịp Tết Nguyên đán; luật mỗi nhà một khác, và đây là kiểu được chơi ở đây. Bốn người ngồi vào bàn: bạn, Anna và Ben đấu với nhà cái. Các lá 2 đến 10 tính theo số của chúng, bồi, đầm và già tính 10. Át tính 10 hoặc 11 trong bài hai lá, 1 hoặc 10 trong bài ba lá, và 1 trong bài bốn hoặc năm lá; bài luôn lấy tổng tốt nhất không quá 21.",
   "Cược 10 đến 500 chip rồi bấm Chia bài; Anna và Ben mỗi người cược 50. Mỗi người nhận hai lá: của bạn ngửa, của những người khác úp. Hai lá át là Ban-Ban, át với 10, bồi, đầm hoặc già là Ban-Luck: bài không rút thêm lá nào. Ban-Ban được 1 ăn 3 và Ban-Luck 1 ăn 2 trước mọi bài trừ bài tự nhiên của chính nhà cái; Ban-Ban thắng Ban-Luck 1 ăn 3, bài tự nhiên bằng nhau thì hòa.",
   "Nhà cái xem bài mình trước. Với Ban-Ban hoặc Ban-Luck, nhà cái lật ngay và thu cùng số lần đó từ mọi bài không có. Với tổng 15, nhà cái được bỏ bài: ván bị hủy và mọi tiền cược được trả lại, kể cả của bài tự nhiên. Nhà cái ở đây luôn bỏ bài 15.",
   "Sau đó từng bài chơi lần lượt, bạn trước. Hai lá 15 là bài tự do: bạn có thể bỏ bài và lấy lại tiền cược, hoặc chơi tiếp. Dưới 16 bạn phải rút; từ 16 trở lên bạn được dằn. 22 trở lên là quắc và thua ngay; quắc với năm lá mất gấp đôi tiền cược. Bài dừng ở năm lá: năm lá dưới 22 là ngũ linh, được 1 ăn 2, hoặc 1 ăn 3 khi đúng 21. Ngũ linh thắng mọi bài thường, dù tổng bao nhiêu, và chỉ bài tự nhiên mới thắng được nó; hai bài năm lá thì so tổng.",
   "Nhà cái lật bài và rút khi dưới 16; ở 16 với bốn lá, nhà cái rút thêm để tìm ngũ linh, nếu không thì dằn từ 16 trở lên. Rồi nhà cái xét từng bài còn trong ván, bài bạn trước, và tính từng bài: tổng cao hơn thắng 1 ăn 1, thấp hơn thì thua, tổng bằng nhau thì hòa. Nhà cái quắc thì trả mọi bài còn đứng; ngũ linh của nhà cái thu 1 ăn 2 (1 ăn 3 với 21) từ mọi bài thường.",
   "Thua thì mất số lần cược mà bài của nhà cái đáng giá, nên Ban-Ban thu ba lần cược, Ban-Luck hoặc ngũ linh hai lần; số chip vượt quá tiền cược lấy từ chip của bạn, đến khi hết. Hộp bài có hai bộ bài (một bộ trong cài đặt) và được xáo lại trước một ván khi sắp hết. Tốc độ trong cài đặt áp dụng ngay cho nhà cái và máy."
  ],
  "chips": "Đây là chip chơi: không mua hay thắng được gì bằng chúng. Số chip của bạn được lưu cùng trò chơi, và nếu hết chip, ván sau bạn nhận 1.000 chip mới; Anna và Ben cũng vậy."
 }
};
