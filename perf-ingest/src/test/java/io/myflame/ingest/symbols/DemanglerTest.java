package io.myflame.ingest.symbols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rust names come out as perf prints them. The pairs are from a system-wide recording on this machine
 * while cargo built a Rust program: the symbols the native reader found in cargo's and rustc's ELF
 * files, and the names `perf script` printed for the same samples.
 */
class DemanglerTest {
    private static final Map<String, String> PERF_PRINTED = Map.of(
            // v0 (rustc's -C symbol-mangling-version=v0, which the toolchain's own binaries use)
            "_RNvMs2_NtNtNtCs26ezDKuLN16_5cargo4core8compiler11fingerprintNtB5_11Fingerprint8hash_u64",
            "<cargo::core::compiler::fingerprint::Fingerprint>::hash_u64",
            // v0 with LLVM's suffix for a promoted local symbol: the suffix goes
            "_RNvMNtNtNtNtCsjrHSEGnQ3l9_3std3sys7process4unix4unixNtNtB4_6common7Command5spawn.llvm.3643936799275306673",
            "<std::sys::process::unix::common::Command>::spawn",
            "_RNvMs_NtCsgPtu197C39h_10cargo_util15process_builderNtB4_14ProcessBuilder19exec_with_streaming",
            "<cargo_util::process_builder::ProcessBuilder>::exec_with_streaming");

    @Test
    void rustNamesOfBothSchemesAreMangledAndPlainOnesAreNot() {
        assertTrue(Demangler.mangled("_RNvCs1234_5crate4main"));
        assertTrue(Demangler.mangled("_ZN4core3ptr13drop_in_place17h0123456789abcdefE"));
        assertFalse(Demangler.mangled("main"));
        assertFalse(Demangler.mangled("R_x86_64"));
    }

    @Test
    void bytesOfANameAreMangledExactlyWhenItsStringIs() {
        for (String name : List.of("_RNvCs1234_5crate4main", "_ZN3foo3barEv", "main", "R_x86_64", "_Z", "_", "",
                "_Zx\ny", "_Rab", "__Z1fv", "x_Z1fv")) {
            byte[] padded = ("ab" + name + "cd").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            assertEquals(Demangler.mangled(name), Demangler.mangled(padded, 2, name.length()), name);
        }
    }

    @Test
    void rustV0NamesReadAsPerfPrintsThem() throws Exception {
        try (Demangler d = new Demangler("c++filt").start()) {
            Map<String, String> out = d.demangle(List.copyOf(PERF_PRINTED.keySet()));
            assertEquals(PERF_PRINTED, out);
        }
    }
}
