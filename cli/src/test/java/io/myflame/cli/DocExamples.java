package io.myflame.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The command lines of a Markdown document (README.md, docs/*.md). In a shell block (a fence with
 * no language, or sh/bash/shell/console) a line {@code $ CMD} is an example whose shown output runs
 * to the next {@code $} line or the end of the block; any other line is a command to paste. A
 * {@code <!-- $ CMD -->} comment outside blocks shows CMD's output rendered, up to
 * {@code <!-- end -->}. Lines ending in {@code \} continue on the next line. Synopses
 * ({@code [--flag X]}) go in {@code text} fences and are not commands.
 */
final class DocExamples {
    /** One command line at {@code line} (1-based) of {@code file}; {@code shown} is null for a line to paste. */
    record Example(Path file, int line, String command, Shown shown) {
        String where() {
            return file.getFileName() + ":" + line;
        }
    }

    /** Lines {@code [from, to)} (0-based) of the file: the output the document shows. */
    record Shown(int from, int to, String text) {
    }

    private static final Pattern FENCE = Pattern.compile("^```\\s*([A-Za-z]*)\\s*$");
    private static final Pattern RENDERED = Pattern.compile("^<!-- \\$ (.*) -->$");
    private static final String END = "<!-- end -->";

    private DocExamples() {
    }

    static List<Example> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Example> out = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            Matcher fence = FENCE.matcher(lines.get(i));
            Matcher rendered = RENDERED.matcher(lines.get(i));
            if (fence.matches()) {
                int end = closing(lines, i + 1, file);
                if (isShell(fence.group(1))) {
                    block(file, lines, i + 1, end, out);
                }
                i = end + 1;
            } else if (rendered.matches()) {
                int end = i + 1;
                while (end < lines.size() && !lines.get(end).equals(END)) {
                    end++;
                }
                out.add(new Example(file, i + 1, rendered.group(1), shown(lines, i + 1, end)));
                i = end + 1;
            } else {
                i++;
            }
        }
        return out;
    }

    private static boolean isShell(String lang) {
        return List.of("", "sh", "bash", "shell", "console").contains(lang);
    }

    private static int closing(List<String> lines, int from, Path file) {
        for (int j = from; j < lines.size(); j++) {
            if (lines.get(j).startsWith("```")) {
                return j;
            }
        }
        throw new IllegalStateException(file + ":" + from + ": code block never closed");
    }

    /** Lines {@code [from, to)} of one shell block. */
    private static void block(Path file, List<String> lines, int from, int to, List<Example> out) {
        boolean heredoc = false;
        String heredocEnd = null;
        int j = from;
        while (j < to) {
            String l = lines.get(j);
            if (heredoc) {
                heredoc = !l.equals(heredocEnd);
                j++;
                continue;
            }
            int start = j;
            StringBuilder cmd = new StringBuilder();
            while (lines.get(j).endsWith("\\") && j + 1 < to) {
                cmd.append(lines.get(j), 0, lines.get(j).length() - 1).append(' ');
                j++;
            }
            cmd.append(lines.get(j));
            j++;
            String c = cmd.toString();
            Matcher here = Pattern.compile("<<'?(\\w+)'?").matcher(c);
            if (here.find()) {
                heredoc = true;
                heredocEnd = here.group(1);
            }
            if (c.startsWith("$ ")) {
                int outEnd = j;
                while (outEnd < to && !lines.get(outEnd).startsWith("$ ")) {
                    outEnd++;
                }
                out.add(new Example(file, start + 1, c.substring(2).strip(), shown(lines, j, outEnd)));
                j = outEnd;
            } else if (!c.isBlank() && !c.strip().startsWith("#")) {
                out.add(new Example(file, start + 1, c.strip(), null));
            }
        }
    }

    private static Shown shown(List<String> lines, int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int k = from; k < to; k++) {
            sb.append(lines.get(k)).append('\n');
        }
        return new Shown(from, to, sb.toString());
    }

    /** Rewrites {@code file} with each example's shown output replaced by {@code produced} (same order as {@link #read}). */
    static void rewrite(Path file, List<Example> examples, List<String> produced) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
        for (int k = examples.size() - 1; k >= 0; k--) {
            Shown s = examples.get(k).shown();
            if (s == null || produced.get(k) == null) {
                continue;
            }
            List<String> now = produced.get(k).isEmpty() ? List.of() : List.of(produced.get(k).split("\n", -1));
            if (!now.isEmpty() && now.get(now.size() - 1).isEmpty()) {
                now = now.subList(0, now.size() - 1);
            }
            lines.subList(s.from(), s.to()).clear();
            lines.addAll(s.from(), now);
        }
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }
}
