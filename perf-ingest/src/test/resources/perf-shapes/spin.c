#include <stdio.h>
#include <stdlib.h>
namespace {
__attribute__((noinline)) long leaf(long n) { volatile long s = 0; for (long i = 0; i < n; i++) s += i * i % 7; return s; }
}
template <typename T> struct Box { __attribute__((noinline)) long operator()(T n) const { return leaf(n) + 1; } };
__attribute__((noinline)) long middle(long n) { Box<long> b; return b(n); }
int main(int argc, char **argv) { long total = 0; long n = argc > 1 ? atol(argv[1]) : 300; for (long k = 0; k < n; k++) total += middle(200000); printf("%ld\n", total); return 0; }
