// lockspec-mutate: `lockspec mutate` as an executable of its own, so that neither the main job's build nor a mutant's
// build compiles the mutation engine. `lockspec mutate ...` runs it (it sits beside lockspec in the build folder);
// Scripts/mutate builds and runs it directly. Thin: it parses the arguments, calls the Mutation library, and prints.
import Foundation
import CommandLineKit

exit(mutateCommand.execute(Array(CommandLine.arguments.dropFirst()), tool: "lockspec mutate"))
