package io.myflame.ingest.perfdata;

import io.myflame.ingest.symbols.Dso;
import io.myflame.ingest.symbols.SymbolSources;
import io.myflame.ingest.symbols.SymbolTable;
import io.myflame.ingest.unwind.CallFrameInfo;
import io.myflame.ingest.unwind.MappedCode;

/**
 * A process's mappings at one sample's (time, seq), as the unwinder asks for them: each file's
 * call frame information and symbols come from the run's symbol sources, loaded once per
 * {@link Dso}. One per decoding thread and kind of mapping (code, data), moved from sample to
 * sample by {@link #at}, so a sample allocates nothing.
 */
final class SampledCode implements MappedCode {
    private final SymbolSources sources;
    private Tasks.ProcessMaps maps;
    private long time;
    private long seq;

    SampledCode(SymbolSources sources) {
        this.sources = sources;
    }

    /** These mappings (null: none recorded) at (time, seq). */
    SampledCode at(Tasks.ProcessMaps maps, long time, long seq) {
        this.maps = maps;
        this.time = time;
        this.seq = seq;
        return this;
    }

    @Override
    public int find(long address) {
        return maps == null ? -1 : maps.find(address, time, seq);
    }

    @Override
    public int fileId(int mapping) {
        return maps.dso[mapping].id;
    }

    @Override
    public long fileOffset(int mapping, long address) {
        return address - maps.start[mapping] + maps.pgoff[mapping];
    }

    @Override
    public CallFrameInfo callFrameInfo(int mapping) {
        return maps.dso[mapping].callFrameInfo(sources);
    }

    /**
     * libunwind (is_plt_entry) reads the code at the pc for {@code jmp *GOT(%rip); push; jmp},
     * which only a PLT entry's start holds. We know it by the entry's {@code NAME@plt} symbol
     * (synthesised from .rela.plt, as perf names it) starting at the offset.
     */
    @Override
    public boolean pltEntryAt(int mapping, long fileOffset) {
        SymbolTable t = maps.dso[mapping].symbols(sources);
        int i = t.find(fileOffset);
        return i >= 0 && t.start(i) == fileOffset && t.name(i).endsWith("@plt");
    }
}
