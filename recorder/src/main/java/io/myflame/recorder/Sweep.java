package io.myflame.recorder;

import io.myflame.recorder.capture.CaptureOutput;

import io.myflame.recorder.perf.PerfSettings;
import io.myflame.recorder.process.Machine;
import io.myflame.recorder.server.ServerDefaults;
import io.myflame.recorder.workload.SysbenchResults;
import io.myflame.recorder.workload.Workload;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import io.myflame.recorder.error.RecordException;
import io.myflame.recorder.progress.Progress;

/**
 * {@code myflame sweep}: the workload at each thread count for each configuration, one server per
 * configuration (tables prepared once), optionally under perf at every point. Each point is a
 * capture directory {@code OUT/CONFIG/threads-N}; the table of all points goes to sweep.json and
 * sweep.csv. A configuration that fails is reported and the sweep goes on with the next one.
 */
public final class Sweep {
    /** One measured point; {@code error} is null when it succeeded. */
    public record Point(String config, int threads, SysbenchResults results, Path capture, String error) {
    }

    private Sweep() {
    }

    /**
     * Fetches (or finds in the cache) the release of every configuration that names one and checks
     * every server tree, before anything starts: a version that cannot be had fails the sweep at once,
     * not after other configurations have run.
     */
    public static void checkServers(List<SweepConfigs.Config> configs, Machine machine, Progress progress)
            throws RecordException {
        for (SweepConfigs.Config c : configs) {
            try {
                c.server().tree(machine.processes(), progress);
            } catch (RecordException e) {
                throw new RecordException("configuration " + c.name() + ": " + e.getMessage());
            }
        }
    }

    /**
     * Runs every point, each configuration's server and programs on {@code machine}.
     *
     * @param perf how to profile each point, or null for throughput only
     */
    public static List<Point> run(List<SweepConfigs.Config> configs, List<Integer> threads, Workload base,
                                  PerfSettings perf, boolean reprepare, Path out, Machine machine, Progress progress) {
        List<Point> points = new ArrayList<>();
        for (SweepConfigs.Config c : configs) {
            Workload w = c.storageEngine() != null ? base.withStorageEngine(c.storageEngine()) : base;
            progress.phase("configuration " + c.name() + " (" + c.server().describe() + " " + c.server().options() + ")");
            try (Session session = Session.open(machine, c.server().withDefaults(ServerDefaults.forWorkload(w)), progress)) {
                Path dir = Files.createDirectories(out.resolve(c.name()));
                session.prepare(w.withThreads(threads.stream().max(Integer::compare).orElse(1)), reprepare, dir);
                runPoints(session, c, w, threads, perf, dir, points);
            } catch (RecordException | IOException e) {
                progress.warn(c.name() + ": " + e.getMessage());
                points.add(new Point(c.name(), 0, null, null, e.getMessage()));
            }
        }
        return points;
    }

    private static void runPoints(Session session, SweepConfigs.Config c, Workload w, List<Integer> threads,
                                  PerfSettings perf, Path dir, List<Point> points) throws RecordException {
        for (int t : threads) {
            Path cap = dir.resolve("threads-" + t);
            CaptureOutput capture = CaptureOutput.begin(cap, true);
            session.progress().phase(c.name() + ": " + t + " thread(s)");
            try {
                SysbenchResults r = new Measurement(session, w.withThreads(t), perf, capture.dir()).run();
                capture.complete();
                points.add(new Point(c.name(), t, r, cap, null));
            } catch (RecordException e) {
                Session.awaitInterruption(session.machine().clock());
                points.add(new Point(c.name(), t, null, capture.incomplete(e.getMessage()), e.getMessage()));
                if (!session.server().alive()) {
                    throw new RecordException("server gone, skipping the rest of " + c.name());
                }
            }
        }
    }

    /** sweep.json: the workload and every point. */
    public static void writeJson(List<Point> points, Workload w, Path file) throws IOException {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("schema_version", 1);
        ObjectNode wl = root.putObject("workload");
        wl.put("name", w.name());
        wl.put("tables", w.tables());
        wl.put("table_size", w.tableSize());
        wl.put("time_s", w.seconds());
        wl.put("warmup_s", w.warmup());
        ArrayNode a = root.putArray("points");
        for (Point p : points) {
            ObjectNode n = a.addObject();
            n.put("config", p.config());
            n.put("threads", p.threads());
            if (p.results() != null) {
                n.put("tps", p.results().tps());
                n.put("qps", p.results().qps());
                n.put("p95_ms", p.results().latencyP95());
                n.put("avg_ms", p.results().latencyAvg());
                n.put("errors", p.results().errors());
            }
            n.put("capture", p.capture() == null ? null : p.capture().toString());
            n.put("error", p.error());
        }
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), root);
    }

    /** sweep.csv: config,threads,tps,qps,p95_ms,avg_ms,errors,error. */
    public static String csv(List<Point> points) {
        StringBuilder sb = new StringBuilder("config,threads,tps,qps,p95_ms,avg_ms,errors,error\n");
        for (Point p : points) {
            SysbenchResults r = p.results();
            sb.append(p.config()).append(',').append(p.threads()).append(',');
            if (r != null) {
                sb.append(String.format(Locale.ROOT, "%.2f,%.2f,%.2f,%.2f,%d,", r.tps(), r.qps(), r.latencyP95(),
                        r.latencyAvg(), r.errors()));
            } else {
                sb.append(",,,,,");
            }
            sb.append(p.error() == null ? "" : '"' + p.error().replace("\"", "\"\"") + '"').append('\n');
        }
        return sb.toString();
    }
}
