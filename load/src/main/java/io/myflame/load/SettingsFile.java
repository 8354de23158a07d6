package io.myflame.load;

import io.myflame.core.DataError;
import io.myflame.ingest.io.CountingInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file an option names that holds settings, not samples ({@code --rows}, {@code --categories},
 * {@code --palette-file}): read through a bound, since such files are small and one named by
 * mistake may not end. {@code --rows /dev/zero} filled the heap with one endless line (exit 70);
 * a pipe ({@code --rows <(grep ...)}) is still read, and stops at the bound like any file. Read
 * here, beside the profiles, so the bound shares perf-ingest's counting stream and the commands
 * reach no reader themselves.
 */
public final class SettingsFile {
    private SettingsFile() {
    }

    /**
     * A reader of {@code file} that fails with a one-line {@link DataError} naming it once more
     * than {@code maxBytes} were read; malformed input is an error, not replaced (as
     * {@link Files#newBufferedReader} does).
     */
    public static Reader open(Path file, Charset charset, long maxBytes, String what) throws IOException {
        return open(null, file, charset, maxBytes, what);
    }

    /** As {@link #open(Path, Charset, long, String)}, reading {@code opened} (the file opened already) when not null. */
    static Reader open(InputStream opened, Path file, Charset charset, long maxBytes, String what) throws IOException {
        InputStream in = opened != null ? opened : Files.newInputStream(file);
        InputStream bounded = new CountingInput(in) {
            @Override
            protected void counted(long total) {
                if (total > maxBytes) {
                    throw new DataError(file + ": more than " + (maxBytes >> 20) + " MB, too large for " + what);
                }
            }
        };
        return new java.io.BufferedReader(new InputStreamReader(bounded, charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)), 1 << 16);
    }
}
