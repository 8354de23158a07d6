package io.myflame.recorder.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** Copies a child's output to a file and hands each complete line to a listener (live progress). */
public final class LineTee extends OutputStream {
    private final OutputStream file;
    private final Consumer<String> lines;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    public LineTee(OutputStream file, Consumer<String> lines) {
        this.file = file;
        this.lines = lines;
    }

    @Override
    public void write(int b) throws IOException {
        file.write(b);
        if (b == '\n') {
            lines.accept(line.toString(StandardCharsets.UTF_8));
            line.reset();
        } else if (line.size() < 8192) {
            line.write(b);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    @Override
    public void flush() throws IOException {
        file.flush();
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
