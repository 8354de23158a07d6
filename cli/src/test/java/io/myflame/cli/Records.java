package io.myflame.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test class that starts database servers (and sysbench and perf to record them): it runs in
 * {@link RecordingSuite}, one such class at a time ({@link OneRecordingAtATime}), while {@link FileSuite}
 * runs every other end-to-end test in the other JVM.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(Records.TAG)
@ExtendWith(OneRecordingAtATime.class)
@interface Records {
    String TAG = "recording";
}
