package io.myflame.cli;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Lets one test class at a time start servers, sysbench and perf on this machine, across JVMs: the lock
 * is a file's, held for the whole class. {@link RecordingSuite} runs such classes one after another anyway;
 * this holds when they are run otherwise (several named with -Dit.test, two forks taking them from one
 * queue). Why: two recordings on a 2-core VM would each profile the other's load (the checks on rows per
 * statement, truncated stacks and the overhead were tuned on one), and two fetches of one release into
 * the shared cache would race. The tests that only read files run beside a recording, which every
 * recording must survive anyway: a profiled host is busy.
 */
final class OneRecordingAtATime implements BeforeAllCallback, AfterAllCallback {
    private static final Path LOCK = Path.of("target", "recording-tests.lock");
    private static final ExtensionContext.Namespace HERE = ExtensionContext.Namespace.create(OneRecordingAtATime.class);

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Files.createDirectories(LOCK.toAbsolutePath().getParent());
        FileChannel channel = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        context.getStore(HERE).put("lock", channel.lock());
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        FileLock lock = context.getStore(HERE).remove("lock", FileLock.class);
        if (lock != null) {
            lock.release();
            lock.channel().close();
        }
    }
}
