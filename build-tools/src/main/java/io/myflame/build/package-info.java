/**
 * Run by the build, never shipped: {@link io.myflame.build.ClassFileUpgrade} rewrites a dependency's
 * old class files so the JVM's class-data archives can hold them.
 */
package io.myflame.build;
