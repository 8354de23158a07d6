/**
 * Flamegraphs: layout, palettes (including the MySQL layer colours), and the SVG and HTML
 * documents drawn from a profile.
 */
package io.myflame.core.flame;
