package io.myflame.core.analysis;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the outermost frame of a stack says about it: a thread's entry point (the stack is whole), a
 * kernel entry from user space (only the kernel's part was recorded), an address perf could not
 * place ({@code [unknown]}), an unnamed address in the C library or in another file
 * ({@code [mariadbd]}), or anything else (the walk stopped there). Names are matched as perf prints
 * them, without the symbol version glibc appends ({@code __libc_start_main@@GLIBC_2.34}) and without
 * the {@code _[k]} of an annotated kernel frame. The rules are documented in docs/semantics.md
 * ("Truncated stacks").
 */
final class StackRoots {
    /** The kind of a frame at the root of a stack. */
    enum Kind { ENTRY, CLONE, KERNEL, UNKNOWN, C_LIBRARY, UNNAMED, OTHER }

    /**
     * Where a thread's stack starts (with {@link #CLONES}). glibc: {@code clone3}/{@code clone} start
     * every thread and call {@code start_thread}, which is all a frame-pointer walk sees when glibc has
     * no frame pointers, as on Debian (clone3 clears the frame pointer, so the chain ends there
     * cleanly); the main thread runs from {@code _start} through {@code __libc_start_main}
     * ({@code __libc_start_call_main} since 2.34) to {@code main}; the dynamic loader runs from its own
     * {@code _dl_start}. The kernel's threads start at {@code ret_from_fork} (the {@code _asm} variant
     * since 6.2) and {@code kthread}; its idle tasks at the boot and secondary-CPU entries. MySQL and
     * MariaDB start all their threads through these ({@code pfs_spawn_thread}, {@code std::thread}'s
     * {@code execute_native_thread_routine} in libstdc++, {@code mysqld_main} run by {@code main}), so
     * none of their functions is an entry.
     */
    static final Set<String> ENTRIES = Set.of(
            "start_thread", "thread_start", "_start", "main", "__libc_start_main", "__libc_start_main_impl",
            "__libc_start_main_alias_2", "__libc_start_call_main", "_dl_start", "_dl_start_user",
            "ret_from_fork", "ret_from_fork_asm", "kthread",
            "secondary_startup_64", "secondary_startup_64_no_verify", "common_startup_64", "start_secondary",
            "x86_64_start_kernel", "x86_64_start_reservations", "start_kernel", "cpu_bringup_and_idle",
            "secondary_start_kernel", "__secondary_switched", "__primary_switched");

    /**
     * The system calls that start a thread, outermost in the new thread's stacks; a thread creating
     * another calls them too, so unlike the other entry points they are no proof that the frame
     * calling them is outward of a thread's start.
     */
    private static final Set<String> CLONES = Set.of("clone", "__clone", "clone3", "__clone3");

    /**
     * How the kernel is entered from user space: system calls, exceptions (page faults) and
     * interrupts, x86-64 (names since 5.8 and before) and arm64. A stack whose outermost frame is one
     * of these holds only kernel frames: perf recorded no user-space part for it.
     */
    static final String KERNEL_ENTRIES = "entry_SYSCALL.*|entry_SYSENTER.*|entry_INT80.*|asm_exc_.*|asm_sysvec_.*|"
            + "asm_common_interrupt|asm_spurious_interrupt|system_call|system_call_fastpath|page_fault|async_page_fault|"
            + "apic_timer_interrupt|common_interrupt|irq_entries_start|ret_from_intr|el0t_.*|el0_.*";
    private static final Pattern KERNEL_ENTRY = Pattern.compile(KERNEL_ENTRIES);
    /**
     * The letters {@link #KERNEL_ENTRIES} start with: a name starting otherwise is not matched against
     * it. A profile may have 50,000 distinct outermost frames, and the regular expressions were most of
     * the time spent classifying them.
     */
    static final String KERNEL_ENTRY_FIRST = "aceiprs";

    /**
     * An unnamed address in the C library, as perf shows it ({@code [libc.so.6]}, {@code [libc-2.31.so]},
     * {@code [libpthread-2.31.so]}, musl's {@code [ld-musl-x86_64.so.1]}).
     */
    private static final Pattern C_LIBRARY = Pattern.compile("\\[(libc|libpthread)[.-].*\\]|\\[ld-musl-.*\\]");

    private static final Pattern GLIBC_VERSION = Pattern.compile("@@?GLIBC_[0-9.]+$");

    private StackRoots() {
    }

    static Kind kind(String frame) {
        // A function named by file and start is that file's unnamed code ("libc.so.6+0x29d90" as "[libc.so.6]").
        String name = UnnamedCode.asFileFrame(frame);
        if (name.equals("[unknown]")) {
            return Kind.UNKNOWN;
        }
        boolean annotatedKernel = name.endsWith("_[k]");
        String bare = annotatedKernel ? name.substring(0, name.length() - 4)
                : name.indexOf('@') < 0 ? name : GLIBC_VERSION.matcher(name).replaceFirst("");
        if (ENTRIES.contains(bare)) {
            return Kind.ENTRY;
        }
        if (CLONES.contains(bare)) {
            return Kind.CLONE;
        }
        if (annotatedKernel || !bare.isEmpty() && KERNEL_ENTRY_FIRST.indexOf(bare.charAt(0)) >= 0
                && KERNEL_ENTRY.matcher(bare).matches()) {
            return Kind.KERNEL;
        }
        if (name.startsWith("[") && C_LIBRARY.matcher(name).matches()) {
            return Kind.C_LIBRARY;
        }
        return name.startsWith("[") && name.endsWith("]") ? Kind.UNNAMED : Kind.OTHER;
    }
}
