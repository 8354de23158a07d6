package io.myflame.ingest.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A stream that tells {@link #counted} how many bytes have been read through it after every read,
 * so a reader can stop one that never ends (a settings file that is {@code /dev/zero}, a child
 * process that prints forever) by throwing from there.
 */
public abstract class CountingInput extends FilterInputStream {
    private long read;

    protected CountingInput(InputStream in) {
        super(in);
    }

    /** Called with the total read so far after each read; throws to stop reading. */
    protected abstract void counted(long total) throws IOException;

    @Override
    public int read() throws IOException {
        int b = super.read();
        add(b < 0 ? 0 : 1);
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        add(Math.max(n, 0));
        return n;
    }

    private void add(int n) throws IOException {
        read += n;
        counted(read);
    }
}
