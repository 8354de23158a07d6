package io.myflame.recorder.perf;

import io.myflame.recorder.error.RecordException;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * perf record's control fifos ({@code --control=fifo:CTL,ACK}, perf 5.9 and later): perf started
 * with {@code -D -1} samples nothing until told {@code enable}, and stops on {@code disable},
 * answering each with {@code ack}. Both fifos are opened read-write, which never blocks on Linux,
 * so neither side waits for the other to open them; a reader thread collects perf's answers, so a
 * perf that died leaves a command unanswered rather than a caller blocked.
 */
final class PerfControl implements AutoCloseable {
    /** How long perf may take to answer; it answers within milliseconds when alive. */
    private static final long ANSWER_MILLIS = 2_000;
    /** What this side writes into the ack fifo to end its own reader. */
    private static final String CLOSING = "myflame-closing";

    private final Path dir;
    private final RandomAccessFile ctl;
    private final RandomAccessFile ack;
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
    private final Thread reader;
    private boolean closed;

    private PerfControl(Path dir, RandomAccessFile ctl, RandomAccessFile ack) {
        this.dir = dir;
        this.ctl = ctl;
        this.ack = ack;
        this.reader = new Thread(this::readAnswers, "perf-control-ack");
        reader.setDaemon(true);
        reader.start();
    }

    /** Makes the two fifos in a private temporary directory and opens them. */
    static PerfControl open() throws RecordException {
        try {
            Path dir = Files.createTempDirectory("myflame-perf-control");
            Path ctl = dir.resolve("ctl");
            Path ack = dir.resolve("ack");
            for (Path fifo : new Path[] {ctl, ack}) {
                Process p = new ProcessBuilder("mkfifo", "-m", "600", fifo.toString()).redirectErrorStream(true).start();
                if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                    throw new RecordException("mkfifo " + fifo + " failed: "
                            + new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
                }
            }
            return new PerfControl(dir, new RandomAccessFile(ctl.toFile(), "rw"), new RandomAccessFile(ack.toFile(), "rw"));
        } catch (IOException e) {
            throw new RecordException("cannot make perf's control fifos: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RecordException("interrupted while making perf's control fifos");
        }
    }

    /** {@code --control=fifo:CTL,ACK}. */
    String option() {
        return "--control=fifo:" + dir.resolve("ctl") + "," + dir.resolve("ack");
    }

    /** Sends {@code enable} or {@code disable}; whether perf answered in time. */
    synchronized boolean send(String command) {
        if (closed) {
            return false;
        }
        try {
            answers.clear();
            ctl.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
            String answer = answers.poll(ANSWER_MILLIS, TimeUnit.MILLISECONDS);
            return answer != null && answer.startsWith("ack");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void readAnswers() {
        StringBuilder line = new StringBuilder();
        try {
            int b;
            while ((b = ack.read()) >= 0) {
                // perf writes "ack\n" and its terminating NUL.
                if (b == '\n') {
                    if (line.toString().equals(CLOSING)) {
                        return;
                    }
                    answers.add(line.toString());
                    line.setLength(0);
                } else if (b != 0) {
                    line.append((char) b);
                }
            }
        } catch (IOException e) {
            // closed: no more answers
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            // A read blocked on a fifo is not woken by closing it: the reader is told through the fifo.
            ack.write((CLOSING + "\n").getBytes(StandardCharsets.US_ASCII));
            reader.join(1_000);
        } catch (IOException e) {
            // the reader stays blocked; it is a daemon
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            ctl.close();
            ack.close();
        } catch (IOException e) {
            // nothing left to tell perf
        }
        try {
            Files.deleteIfExists(dir.resolve("ctl"));
            Files.deleteIfExists(dir.resolve("ack"));
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a leftover empty temporary directory harms nothing
        }
    }
}
