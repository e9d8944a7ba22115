// Command hello is a minimal program the staticbin tests build with and without cgo.
package main

func main() { println("hello") }
