/** Fixtures shared by the modules' tests: real services started on this machine for a test run. */
package dev.toolnexus.testing;
