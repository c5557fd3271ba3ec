// generation: a generator of the built-in examples that pauses (a C++20 coroutine), so that a
// front end can load a large example a few milliseconds at a time and keep drawing its page
// (issue 15: "loading a scaled example shows progress instead of freezing the page for seconds";
// monotable/model.h: ExampleLoad). The generator co_yields after each entity it generates (a
// product, a user with their orders, a customer with theirs); Resume runs it to the next one.
// Private to core/model.
#pragma once

#include <exception>
#include <utility>

// Emscripten 3.1.6's libc++ has the coroutine support only as <experimental/coroutine>; GCC's
// and newer libc++'s as <coroutine>. The compiler (clang 14, GCC 12) looks in both namespaces.
#if __has_include(<coroutine>)
#include <coroutine>
namespace monotable::coro {
using std::coroutine_handle;
using std::suspend_always;
}  // namespace monotable::coro
#else
#include <experimental/coroutine>
// Clang 14 warns that it will stop looking in std::experimental in LLVM 15; Emscripten 3.1.6 has
// nothing else. Every file that defines a coroutine includes this header.
#pragma clang diagnostic ignored "-Wdeprecated-experimental-coroutine"
namespace monotable::coro {
using std::experimental::coroutine_handle;
using std::experimental::suspend_always;
}  // namespace monotable::coro
#endif

namespace monotable::generator_internal {

// The running generator: created suspended (nothing generated until the first Resume), destroyed
// with its frame (its locals) when this goes out of scope. Move-only.
class Generation {
 public:
  struct promise_type {
    Generation get_return_object() {
      return Generation(coro::coroutine_handle<promise_type>::from_promise(*this));
    }
    coro::suspend_always initial_suspend() noexcept { return {}; }
    coro::suspend_always final_suspend() noexcept { return {}; }
    coro::suspend_always yield_value(int) noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() noexcept { std::terminate(); }
  };

  Generation() = default;
  Generation(Generation&& other) noexcept : handle_(std::exchange(other.handle_, {})) {}
  Generation& operator=(Generation&& other) noexcept {
    if (this != &other) {
      if (handle_) handle_.destroy();
      handle_ = std::exchange(other.handle_, {});
    }
    return *this;
  }
  Generation(const Generation&) = delete;
  Generation& operator=(const Generation&) = delete;
  ~Generation() {
    if (handle_) handle_.destroy();
  }

  // Generates up to the next pause. False once the generator has finished (then and after).
  bool Resume() {
    if (!handle_ || handle_.done()) return false;
    handle_.resume();
    return !handle_.done();
  }
  // Generates everything that is left.
  void RunToEnd() {
    while (Resume()) {
    }
  }

 private:
  explicit Generation(coro::coroutine_handle<promise_type> handle) : handle_(handle) {}
  coro::coroutine_handle<promise_type> handle_;
};

}  // namespace monotable::generator_internal
