#!/bin/sh
# Prints a greeting for the name given as the first argument.
echo "Hello, ${1:-there}! Greetings from the toolnexus demo skill."
