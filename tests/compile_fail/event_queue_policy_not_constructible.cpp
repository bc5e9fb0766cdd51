// expect: event_queue_policy_type_is_constructible_from_size_and_options
#include <carom/engines/event_driven/event_driven.hpp>
// A queue policy whose queue cannot be made from (particle count, options):
// binary_heap_queue<T> takes binary_heap_queue<> options, not these.
struct my_queue_policy {
  template <class T>
  using type = carom::binary_heap_queue<T>;
};
struct my_policies {
  using search = carom::neighbour_lists;
  using queue = my_queue_policy;
};
carom::event_driven<double, 3, carom::elastic, my_policies>* engine = nullptr;
