// expect: event_queue_has_shift
#include <carom/events/concepts.hpp>
#include <cstddef>
#include <cstdint>
struct my_queue {
  explicit my_queue(std::size_t) {}
  void update(std::uint32_t, double) {}
  std::uint32_t top() const { return 0; }
  double top_time() const { return 0; }
  double time_of(std::uint32_t) const { return 0; }
};
template <class Q>
  requires carom::event_queue<Q, double>
void simulate() {}
void run() { simulate<my_queue>(); }
