package io.myflame.build;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites the class files of a jar compiled for Java 5 or older as Java 8 class files, with the
 * stack map frames Java 6 made part of the format; the code is unchanged.
 *
 * <p>Why: picocli is compiled for Java 5. The JVM verifies such classes with its old verifier when
 * it loads them, and neither JDK 17's class-data archive nor JDK 25's AOT cache holds them, so every
 * run loaded and verified its 170-odd picocli classes from the jar: 80 ms of a {@code --version}
 * that took 0.22 s. Rewritten, they are archived with the rest.
 *
 * <p>Usage: {@code ClassFileUpgrade JAR PACKAGE_PREFIX OUTPUT_DIR}, e.g. {@code picocli.jar picocli/
 * target/classes}: every class of the jar under the prefix is written below the directory.
 */
public final class ClassFileUpgrade {
    /** Java 8: the oldest release whose class files the archives take without the old verifier. */
    static final int TARGET = Opcodes.V1_8;

    private ClassFileUpgrade() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: ClassFileUpgrade JAR PACKAGE_PREFIX OUTPUT_DIR");
            System.exit(2);
        }
        int n = upgradeJar(Path.of(args[0]), args[1], Path.of(args[2]));
        System.out.println("ClassFileUpgrade: " + n + " classes of " + args[0] + " rewritten for Java 8 in " + args[2]);
    }

    /** Writes every class of {@code jar} whose name starts with {@code prefix} below {@code out}; returns how many. */
    static int upgradeJar(Path jar, String prefix, Path out) throws IOException {
        int n = 0;
        try (JarFile in = new JarFile(jar.toFile());
             URLClassLoader hierarchy = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                     ClassLoader.getPlatformClassLoader())) {
            for (Enumeration<JarEntry> e = in.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                String name = entry.getName();
                if (!name.startsWith(prefix) || !name.endsWith(".class") || name.contains("-")) {
                    continue;   // module-info and package-info stay out; versioned entries are not under the prefix
                }
                byte[] bytes;
                try (InputStream s = in.getInputStream(entry)) {
                    bytes = s.readAllBytes();
                }
                Path target = out.resolve(name);
                Files.createDirectories(target.getParent());
                Files.write(target, upgrade(bytes, hierarchy));
                n++;
            }
        }
        return n;
    }

    /**
     * The class file {@code bytes} as a Java 8 one: same members and code, frames computed anew. The
     * frames need the common superclass of two types, which ASM finds by loading them (not
     * initialising) through {@code hierarchy}. A class already at Java 8 or later comes back as is.
     */
    static byte[] upgrade(byte[] bytes, ClassLoader hierarchy) {
        ClassReader reader = new ClassReader(bytes);
        if (reader.readShort(6) >= TARGET) {
            return bytes;
        }
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected ClassLoader getClassLoader() {
                return hierarchy;
            }
        };
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                              String[] interfaces) {
                super.visit(TARGET, access, name, signature, superName, interfaces);
            }
        }, ClassReader.SKIP_FRAMES);
        return writer.toByteArray();
    }
}
