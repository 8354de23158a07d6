package io.myflame.ingest.symbols;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * A debuginfod client that behaves as elfutils' does where a user can tell: it asks the servers
 * {@code DEBUGINFOD_URLS} lists (space-separated) for {@code GET URL/buildid/ID/debuginfo} or
 * {@code …/executable}, one after the other, and keeps what they send in elfutils' cache
 * ({@link DebuginfodCache}), where a file is taken without asking anyone. With no servers listed
 * it does nothing at all: no cache access, no thread, no socket.
 *
 * <p>A dead server must not stall a read: {@code DEBUGINFOD_TIMEOUT} seconds (10 unless set;
 * zero or less for none) to connect and to receive a response's headers, {@code DEBUGINFOD_MAXTIME}
 * seconds per download when set, and {@link #RUN_LIMIT} for all the asking of one run. A server
 * that timed out, could not be reached or broke off a transfer is not asked again in the run;
 * the next one is.
 */
public final class DebuginfodClient {
    /**
     * What a server is asked for, in the order {@link DebuginfodSymbols} asks; the name is the
     * URL's last part and the cache file's name.
     */
    public enum Artifact {
        DEBUGINFO, EXECUTABLE;

        String fileName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Shorter than elfutils' 90 s: a profile read waits on it, and nobody watches a progress bar. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    /** All the asking one run may do; fetch a large file ahead with debuginfod-find, into the same cache. */
    static final Duration RUN_LIMIT = Duration.ofMinutes(2);
    private static final Pattern BUILD_ID = Pattern.compile("[0-9a-f]{2,128}");

    private final List<String> servers = new ArrayList<>();
    private final List<String> ignoredUrls = new ArrayList<>();
    private final DebuginfodCache cache;
    private final Duration timeout;
    private final Duration maxTime;
    private HttpClient http;
    private long runEndsAt;
    private boolean outOfTime;
    /** Why nothing can be downloaded (the cache cannot be written), once that is known. */
    private String cacheTrouble;

    /** Why a server is not asked again this run, by server, in the order trouble came. */
    private final Map<String, String> troubles = new LinkedHashMap<>();
    private final Set<String> askedServers = new LinkedHashSet<>();
    private final Set<String> askedIds = new HashSet<>();
    private final Set<String> foundIds = new HashSet<>();
    private final Set<String> cachedIds = new HashSet<>();

    /** Configured by an environment: {@code System.getenv()} in production, a map in tests. */
    public DebuginfodClient(Map<String, String> env) {
        for (String url : env.getOrDefault("DEBUGINFOD_URLS", "").trim().split("\\s+")) {
            String lower = url.toLowerCase(Locale.ROOT);
            if (url.isEmpty()) {
                continue;
            } else if (!lower.startsWith("http://") && !lower.startsWith("https://") || !isUri(url)) {
                ignoredUrls.add(url);
            } else if (!servers.contains(url)) {
                servers.add(url);
            }
        }
        cache = servers.isEmpty() ? null : DebuginfodCache.of(env);
        timeout = seconds(env.get("DEBUGINFOD_TIMEOUT"), DEFAULT_TIMEOUT);
        maxTime = seconds(env.get("DEBUGINFOD_MAXTIME"), null);
    }

    private static boolean isUri(String url) {
        try {
            URI.create(url + "/buildid/00/debuginfo");
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** A positive number of seconds; zero or less means none; anything else, {@code otherwise}. */
    private static Duration seconds(String value, Duration otherwise) {
        if (value == null) {
            return otherwise;
        }
        try {
            long s = Long.parseLong(value.strip());
            return s > 0 ? Duration.ofSeconds(s) : null;
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    boolean enabled() {
        return !servers.isEmpty();
    }

    /**
     * The cached or downloaded file of {@code artifact} for {@code buildId} (lowercase hex), or
     * null when no server has it, none answered, or the run's time is up. One download at a
     * time: the symbol loaders that call this share one cache and one time limit.
     */
    public synchronized Path find(String buildId, Artifact artifact) {
        if (!enabled() || buildId == null || !BUILD_ID.matcher(buildId).matches()) {
            return null;
        }
        switch (cache.state(buildId, artifact.fileName())) {
            case PRESENT:
                cachedIds.add(buildId);
                return cache.file(buildId, artifact.fileName());
            case KNOWN_MISSING:
                return null;
            default:
                return download(buildId, artifact);
        }
    }

    private Path download(String buildId, Artifact artifact) {
        if (cacheTrouble != null) {
            return null;
        }
        boolean allAnswered = true;
        for (String server : servers) {
            if (troubles.containsKey(server)) {
                allAnswered = false;
                continue;
            }
            long now = System.nanoTime();
            if (runEndsAt == 0) {
                runEndsAt = now + RUN_LIMIT.toNanos();
            }
            if (now - runEndsAt >= 0) {
                outOfTime = true;
                return null;
            }
            askedServers.add(server);
            askedIds.add(buildId);
            Path file = fetch(server, buildId, artifact, runEndsAt - now);
            if (file != null) {
                foundIds.add(buildId);
                return file;
            }
            if (outOfTime || cacheTrouble != null || Thread.currentThread().isInterrupted()) {
                return null;
            }
            allAnswered &= !troubles.containsKey(server);
        }
        if (allAnswered) {
            // Every server said no: remember it as elfutils does, so the next run asks no one.
            cache.rememberMissing(buildId, artifact.fileName());
        }
        return null;
    }

    /** {@code GET SERVER/buildid/ID/ARTIFACT} into the cache; null when not there, with any trouble noted. */
    private Path fetch(String server, String buildId, Artifact artifact, long runLeftNanos) {
        Path temporary;
        try {
            temporary = cache.temporary(buildId, artifact.fileName());
        } catch (IOException e) {
            cacheTrouble = e.toString();
            return null;
        }
        long limit = maxTime == null ? runLeftNanos : Math.min(runLeftNanos, maxTime.toNanos());
        CompletableFuture<HttpResponse<Path>> reply = send(server, buildId, artifact, temporary);
        try {
            HttpResponse<Path> response = reply.get(limit, TimeUnit.NANOSECONDS);
            return response.statusCode() == 200 ? cache.store(temporary, buildId, artifact.fileName()) : null;
        } catch (TimeoutException e) {
            reply.cancel(true);
            if (limit < runLeftNanos) {
                troubles.put(server, "took longer than DEBUGINFOD_MAXTIME=" + maxTime.toSeconds() + " s");
            } else {
                outOfTime = true;
            }
        } catch (ExecutionException e) {
            troubles.put(server, trouble(e.getCause()));
        } catch (IOException e) {
            cacheTrouble = e.toString();
        } catch (InterruptedException e) {
            reply.cancel(true);
            Thread.currentThread().interrupt();
        } finally {
            // After a download the temporary name is gone and the directory holds the file: a no-op.
            cache.discard(temporary, buildId);
        }
        return null;
    }

    /** The request, its body streamed into {@code temporary} when the answer is 200 and dropped otherwise. */
    private CompletableFuture<HttpResponse<Path>> send(String server, String buildId, Artifact artifact, Path temporary) {
        // elfutils' URL: "/buildid" after a server without a trailing slash, "buildid" after one.
        String base = server.endsWith("/") ? server + "buildid/" : server + "/buildid/";
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + buildId + "/" + artifact.fileName()))
                .header("User-Agent", "myflame");
        if (timeout != null) {
            request.timeout(timeout);
        }
        return http().sendAsync(request.build(), info -> info.statusCode() == 200
                ? HttpResponse.BodySubscribers.ofFile(temporary)
                : HttpResponse.BodySubscribers.replacing(null));
    }

    private String trouble(Throwable e) {
        while (e instanceof CompletionException && e.getCause() != null) {
            e = e.getCause();
        }
        if (e instanceof HttpTimeoutException) {
            return timeout == null ? "timed out" : "timed out after " + timeout.toSeconds() + " s";
        }
        if (e instanceof ConnectException) {
            return "could not be reached";
        }
        return "failed: " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }

    /** Made on first use: building an HttpClient starts its selector thread. */
    private HttpClient http() {
        if (http == null) {
            HttpClient.Builder b = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL);
            if (timeout != null) {
                b.connectTimeout(timeout);
            }
            http = b.build();
        }
        return http;
    }

    /**
     * One line for the user when anything was looked up: {@code debuginfod: asked URL for 3 build
     * ids, found 2}, then what came from the cache and which servers stopped being asked, and why.
     */
    public synchronized List<String> notes() {
        if (askedIds.isEmpty() && cachedIds.isEmpty()) {
            return List.of();
        }
        List<String> parts = new ArrayList<>();
        if (!askedIds.isEmpty()) {
            parts.add("asked " + String.join(", ", askedServers) + " for " + count(askedIds.size(), "build id")
                    + ", found " + foundIds.size());
        }
        if (!cachedIds.isEmpty()) {
            parts.add(count(cachedIds.size(), "build id") + " from the cache " + cache.root
                    + (askedIds.isEmpty() ? ", no server asked" : ""));
        }
        troubles.forEach((server, why) -> parts.add(server + " " + why + ", not asked again"));
        if (cacheTrouble != null) {
            parts.add("cannot write the cache " + cache.root + " (" + cacheTrouble + "), stopped asking");
        }
        if (outOfTime) {
            parts.add("stopped asking after " + RUN_LIMIT.toMinutes() + " min");
        }
        if (!ignoredUrls.isEmpty()) {
            parts.add("ignored " + String.join(", ", ignoredUrls) + " (not an http or https URL)");
        }
        return List.of("debuginfod: " + String.join("; ", parts));
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }
}
