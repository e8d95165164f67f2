//! `arena __compile`: the child process that compiles one module under resource limits
//! for its parent (see `arena::runtime::Compiler::Process`). Hidden from `--help`.

use std::process::ExitCode;

use super::CompileArgs;

pub fn run(args: CompileArgs) -> anyhow::Result<ExitCode> {
    let (mut stdin, mut stdout) = (std::io::stdin().lock(), std::io::stdout().lock());
    match arena::runtime::serve_compile(args.stack_bytes, &mut stdin, &mut stdout) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(error) => {
            eprintln!("{error}");
            Ok(ExitCode::from(error.exit_code()))
        }
    }
}
