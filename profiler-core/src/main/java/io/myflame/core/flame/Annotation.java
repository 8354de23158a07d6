package io.myflame.core.flame;

/**
 * The annotations collapsers append to frame names ({@code collapse --annotate-kernel} writes
 * {@code do_syscall_64_[k]}): {@code _[k]} kernel, {@code _[j]} JIT, {@code _[i]} inlined,
 * {@code _[w]} waker. They pick a colour and are dropped from labels, as flamegraph.pl does.
 */
final class Annotation {
    private Annotation() {
    }

    /** The annotation letter of {@code name}, or 0. */
    static char of(String name) {
        int n = name.length();
        if (n < 4 || name.charAt(n - 1) != ']' || name.charAt(n - 3) != '[' || name.charAt(n - 4) != '_') {
            return 0;
        }
        char c = name.charAt(n - 2);
        return c == 'k' || c == 'j' || c == 'i' || c == 'w' ? c : 0;
    }

    /** {@code name} without its annotation. */
    static String strip(String name) {
        return of(name) == 0 ? name : name.substring(0, name.length() - 4);
    }
}
