package io.myflame.cli;

import io.myflame.core.text.Escape;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Warnings a command collects and prints once, prefixed with the command's name. */
public final class Warnings {
    private final List<String> items = new ArrayList<>();

    public void addAll(List<String> w) {
        items.addAll(w);
    }

    public void add(String w) {
        items.add(w);
    }

    public void print(PrintWriter err, String command) {
        for (String w : items) {
            err.println(command + ": warning: " + Escape.message(w));
        }
        err.flush();
    }
}
