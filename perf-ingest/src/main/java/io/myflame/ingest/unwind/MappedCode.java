package io.myflame.ingest.unwind;

/**
 * The sampled process's mappings as the unwinder asks for them, at the time of one sample: which
 * mapping holds an address, where in its file that is, the file's call frame information, and
 * whether a PLT entry starts there. perf.data's process maps answer it ({@code perfdata.SampledCode}),
 * so the unwinder knows neither perf's records nor where symbols come from.
 */
public interface MappedCode {
    /** The mapping that holds {@code address} at the sample's time; -1 when none does. */
    int find(long address);

    /** A number of the mapping's file, the same for all its mappings: unwound rows are cached by it. */
    int fileId(int mapping);

    /** {@code address} as an offset into the mapping's file ({@code ip - map start + pgoff}). */
    long fileOffset(int mapping, long address);

    /** The call frame information of the mapping's file; {@link CallFrameInfo#NONE} when it has none. */
    CallFrameInfo callFrameInfo(int mapping);

    /** Whether a PLT entry of the mapping's file starts at {@code fileOffset}. */
    boolean pltEntryAt(int mapping, long fileOffset);
}
