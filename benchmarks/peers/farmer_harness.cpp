// A driver for Eric Farmer's blackjack analyzer (github.com/possibly-wrong/blackjack), used by
// benchmarks/bench_blackjack_peer.py to time it beside our solver. It is compiled against that
// repository's src/blackjack.cpp and src/blackjack.h, which are not part of this project.
//
// Usage: farmer_harness DECKS H17 DOUBLE DAS LATE_SURRENDER REPEATS
//   (each flag 0 or 1). Rules: no resplit, split aces get one card (the analyzer's own rule),
//   blackjack pays 3 to 2, the dealer peeks; post-split play CDP1 (each split hand played on
//   its own cards with the other pair card removed). Prints the overall EV per initial bet
//   (the last solve's) and the best and the mean seconds of one whole solve (shoe to overall
//   EV) over REPEATS solves in this process.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "blackjack.h"

namespace {

// The analyzer's rules, with doubling switched off entirely when asked (the convenience
// constructor cannot say "never double").
class HarnessRules : public BJRules {
public:
    HarnessRules(bool h17, bool allow_double, bool das, bool late_surrender)
        : BJRules(h17, true, true, true, false, das, false, false, late_surrender, 1.5),
          allow_double_(allow_double) {}
    bool getDoubleDown(const BJHand & hand) const override {
        return allow_double_ && BJRules::getDoubleDown(hand);
    }
    bool getDoubleAfterSplit(const BJHand & hand) const override {
        return allow_double_ && BJRules::getDoubleAfterSplit(hand);
    }

private:
    bool allow_double_;
};

}  // namespace

int main(int argc, char ** argv) {
    if (argc != 7) {
        std::fprintf(stderr, "usage: %s DECKS H17 DOUBLE DAS LATE_SURRENDER REPEATS\n", argv[0]);
        return 2;
    }
    const int decks = std::atoi(argv[1]);
    HarnessRules rules(std::atoi(argv[2]) != 0, std::atoi(argv[3]) != 0,
                       std::atoi(argv[4]) != 0, std::atoi(argv[5]) != 0);
    const int repeats = std::atoi(argv[6]);
    BJStrategy strategy(false, true);  // CDP1
    BJProgress progress;
    BJShoe shoe(decks);
    double best = 1e9, total = 0.0, value = 0.0;
    for (int i = 0; i < repeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        auto player = std::make_unique<BJPlayer>(shoe, rules, strategy, progress);
        value = player->getValue();
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        best = seconds < best ? seconds : best;
        total += seconds;
    }
    std::printf("%.17g %.6f %.6f\n", value, best, total / repeats);
    return 0;
}
