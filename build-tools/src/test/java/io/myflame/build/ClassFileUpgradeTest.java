package io.myflame.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import picocli.CommandLine;

/** picocli's own jar, rewritten as the build rewrites it. */
class ClassFileUpgradeTest {
    private static Path picocliJar() throws Exception {
        return Path.of(CommandLine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /**
     * Every rewritten class is a Java 8 class file that the JVM's type-checking verifier accepts: each is
     * loaded and initialised by a loader of its own, whose classes the JVM verifies.
     */
    @Test
    void everyClassIsJava8AndPassesTheVerifier(@TempDir Path out) throws Exception {
        int n = ClassFileUpgrade.upgradeJar(picocliJar(), "picocli/", out);
        List<Path> classes = classFiles(out);
        assertEquals(n, classes.size());
        assertTrue(n > 150, "picocli has some 200 classes: " + n);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            for (Path c : classes) {
                byte[] bytes = Files.readAllBytes(c);
                assertEquals(Opcodes.V1_8, new ClassReader(bytes).readShort(6), c.toString());
                String name = out.relativize(c).toString().replace('/', '.').replaceAll("\\.class$", "");
                // a VerifyError here would be a frame computed wrong
                assertEquals(loader, Class.forName(name, true, loader).getClassLoader(), name);
            }
        }
    }

    /** The rewrite changes the version and the frames, nothing else: the same members with the same instructions. */
    @Test
    void theCodeIsTheSame(@TempDir Path out) throws Exception {
        ClassFileUpgrade.upgradeJar(picocliJar(), "picocli/", out);
        try (java.util.jar.JarFile jar = new java.util.jar.JarFile(picocliJar().toFile())) {
            for (Path c : classFiles(out)) {
                String entry = out.relativize(c).toString();
                byte[] before = jar.getInputStream(jar.getJarEntry(entry)).readAllBytes();
                assertTrue(new ClassReader(before).readShort(6) < Opcodes.V1_8, entry + " was compiled for Java 5");
                assertEquals(listing(before), listing(Files.readAllBytes(c)), entry);
            }
        }
    }

    @Test
    void aJava8ClassIsLeftAsItIs() throws Exception {
        byte[] own;
        try (var in = ClassFileUpgrade.class.getResourceAsStream("ClassFileUpgrade.class")) {
            own = in.readAllBytes();
        }
        assertTrue(ClassFileUpgrade.upgrade(own, getClass().getClassLoader()) == own);
    }

    private static List<Path> classFiles(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        }
    }

    /** The class's header, fields and methods with every instruction, as text (labels numbered in order). */
    private static List<String> listing(byte[] bytes) {
        List<String> lines = new ArrayList<>();
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
                lines.add("class " + access + " " + name + " " + signature + " " + superName + " " + List.of(interfaces));
            }

            @Override
            public org.objectweb.asm.FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
                lines.add("field " + access + " " + name + " " + descriptor + " " + signature + " " + value);
                return null;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                lines.add("method " + access + " " + name + descriptor);
                return new MethodVisitor(Opcodes.ASM9) {
                    private final java.util.Map<Label, Integer> labels = new java.util.HashMap<>();

                    private String label(Label l) {
                        return "L" + labels.computeIfAbsent(l, k -> labels.size());
                    }

                    @Override public void visitInsn(int op) { lines.add(" " + op); }
                    @Override public void visitIntInsn(int op, int operand) { lines.add(" " + op + " " + operand); }
                    @Override public void visitVarInsn(int op, int var) { lines.add(" " + op + " " + var); }
                    @Override public void visitTypeInsn(int op, String type) { lines.add(" " + op + " " + type); }
                    @Override public void visitFieldInsn(int op, String owner, String name, String d) { lines.add(" " + op + " " + owner + "." + name + d); }
                    @Override public void visitMethodInsn(int op, String owner, String name, String d, boolean itf) { lines.add(" " + op + " " + owner + "." + name + d); }
                    @Override public void visitInvokeDynamicInsn(String name, String d, Handle h, Object... args) { lines.add(" indy " + name + d); }
                    @Override public void visitJumpInsn(int op, Label l) { lines.add(" " + op + " " + label(l)); }
                    @Override public void visitLabel(Label l) { lines.add(label(l) + ":"); }
                    @Override public void visitLdcInsn(Object value) { lines.add(" ldc " + value); }
                    @Override public void visitIincInsn(int var, int inc) { lines.add(" iinc " + var + " " + inc); }
                    @Override public void visitTableSwitchInsn(int min, int max, Label dflt, Label... ls) { lines.add(" tableswitch " + min + " " + max); }
                    @Override public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] ls) { lines.add(" lookupswitch " + java.util.Arrays.toString(keys)); }
                    @Override public void visitMultiANewArrayInsn(String d, int dims) { lines.add(" multianewarray " + d + " " + dims); }
                    @Override public void visitTryCatchBlock(Label start, Label end, Label handler, String type) { lines.add(" try " + type); }
                };
            }
        }, ClassReader.SKIP_FRAMES);
        return lines;
    }
}
