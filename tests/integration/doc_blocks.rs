//! Every code block of the user's documentation (README.md, python/README.md, docs/*.md) is
//! checked as written, so that no example drifts from the program:
//!
//! - `sh` blocks run whole under `bash -e -o pipefail`, in a temporary directory where
//!   `puzzles/` and `tests/` are the repository's (the commands are written for its root, and
//!   what they write lands in the temporary directory), `HOME` is a fresh directory of its
//!   own, and `dlx` is the program `cargo test` built, first on `PATH`. A line whose comment
//!   says `exit code N` must exit with N. `cargo` lines are mapped explicitly, not run:
//!   `cargo run --release -- ARGS` runs `dlx ARGS` (the same program, without a release build
//!   inside the tests), `cargo run --release --example NAME -- ARGS` runs the example
//!   `cargo test` built, `cargo install --path .` checks that `dlx` is on `PATH`, and
//!   `cargo test` does nothing (it is the run this test belongs to). Any other `cargo` line
//!   fails.
//! - `console` blocks: each `$ COMMAND` runs as in an `sh` block and must print exactly the
//!   lines shown below it.
//! - `rust` blocks are doc tests of `dlx-puzzles`, whose `lib.rs` includes each file that holds
//!   one; this test checks that the file is included.
//! - `python` blocks are run by pytest (`python/tests/test_readme_blocks.py`, in CI after the
//!   package is installed); this test checks that the file is listed there.
//! - `toml` blocks: each path dependency names a crate of this repository by its name.
//! - `text` blocks are not code (drawings of the layout, sample records): nothing to run.
//!
//! A block that cannot run here says why on the line before it, `<!-- not run: REASON -->`;
//! the reasons are listed on stderr.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The documents a user reads, relative to the repository's root.
const DOCUMENTS: [&str; 9] = [
    "README.md",
    "python/README.md",
    "docs/benchmarks.md",
    "docs/cli.md",
    "docs/design.md",
    "docs/engine.md",
    "docs/library.md",
    "docs/web.md",
    "fuzz/README.md",
];

/// Where each language's blocks are run when it is not here.
const RUST_DOCTESTS: &str = "crates/puzzles/src/lib.rs";
const PYTHON_TESTS: &str = "python/tests/test_readme_blocks.py";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &str) -> String {
    let path = root().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One fenced block of a document.
struct Block {
    /// The document, relative to the repository's root, and the line of the opening fence.
    document: String,
    line: usize,
    language: String,
    text: String,
    /// The reason given in `<!-- not run: REASON -->` just before the block.
    not_run: Option<String>,
}

impl Block {
    fn place(&self) -> String {
        format!("{}:{}", self.document, self.line)
    }
}

fn blocks(document: &str) -> Vec<Block> {
    let text = read(document);
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let Some(language) = lines[index].strip_prefix("```") else {
            index += 1;
            continue;
        };
        let opening = index;
        let end = (opening + 1..lines.len())
            .find(|&i| lines[i].trim_end() == "```")
            .unwrap_or_else(|| panic!("{document}:{}: a block never closed", opening + 1));
        let not_run = lines[..opening]
            .iter()
            .rev()
            .find(|line| !line.trim().is_empty())
            .and_then(|line| line.trim().strip_prefix("<!-- not run:"))
            .and_then(|rest| rest.strip_suffix("-->"))
            .map(|reason| reason.trim().to_string());
        found.push(Block {
            document: document.to_string(),
            line: opening + 1,
            language: language.trim().to_string(),
            text: lines[opening + 1..end].join("\n") + "\n",
            not_run,
        });
        index = end + 1;
    }
    found
}

/// Bash functions that stand for the `cargo` commands a block may show.
const CARGO_MAPPING: &str = r#"
cargo() {
    if [ "$1 $2 $3" = "run --release --" ]; then
        shift 3
        dlx "$@"
    elif [ "$1 $2 $3" = "run --release --example" ] && [ "$5" = "--" ]; then
        local example="$DOC_BLOCKS_EXAMPLES/$4"
        if [ ! -x "$example" ]; then
            echo "doc_blocks: $example is not built: run \`cargo test\` or \`cargo build --examples\`" >&2
            return 1
        fi
        shift 5
        "$example" "$@"
    elif [ "$*" = "install --path ." ]; then
        command -v dlx >/dev/null
    elif [ "$*" = "test" ]; then
        :
    else
        echo "doc_blocks: no mapping for \`cargo $*\`" >&2
        return 1
    fi
}
"#;

/// The block's lines as a script: a line whose comment says `exit code N` must exit with N.
fn script(block: &Block) -> String {
    let mut script = String::from(CARGO_MAPPING);
    for (offset, line) in block.text.lines().enumerate() {
        let expected = line
            .split_once(" # ")
            .and_then(|(_, comment)| comment.split("exit code ").nth(1))
            .and_then(|rest| {
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                digits.parse::<i32>().ok()
            });
        match expected {
            Some(code) => {
                let place = format!("{}:{}", block.document, block.line + 1 + offset);
                script.push_str(&format!(
                    "set +e\n{line}\nstatus=$?\nset -e\n\
                     if [ $status -ne {code} ]; then \
                     echo \"{place}: exit code $status, the document says {code}\" >&2; exit 1; fi\n"
                ));
            }
            None => {
                script.push_str(line);
                script.push('\n');
            }
        }
    }
    script
}

/// A temporary directory laid out as the repository's root for the commands, and the
/// environment they run in.
struct Sandbox {
    dir: tempfile::TempDir,
}

impl Sandbox {
    fn new() -> Sandbox {
        let dir = tempfile::tempdir().expect("a temporary directory");
        for shared in ["puzzles", "tests"] {
            std::os::unix::fs::symlink(root().join(shared), dir.path().join(shared))
                .expect("a symlink in the temporary directory");
        }
        let bin = dir.path().join(".bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_dlx"), bin.join("dlx")).unwrap();
        std::fs::create_dir_all(dir.path().join(".home")).unwrap();
        Sandbox { dir }
    }

    /// Runs a script with `bash -e -o pipefail`: its status, stdout and stderr.
    fn run(&self, script: &str) -> (Option<i32>, String, String) {
        let path = self.dir.path().join(".block.sh");
        std::fs::write(&path, script).unwrap();
        let binary = Path::new(env!("CARGO_BIN_EXE_dlx"));
        let examples = binary.parent().unwrap().join("examples");
        let search_path = std::env::var_os("PATH").unwrap_or_default();
        let mut paths = vec![self.dir.path().join(".bin")];
        paths.extend(std::env::split_paths(&search_path));
        let output = Command::new("bash")
            .args(["-e", "-o", "pipefail"])
            .arg(&path)
            .current_dir(self.dir.path())
            .env("HOME", self.dir.path().join(".home"))
            .env("PATH", std::env::join_paths(paths).unwrap())
            .env("DOC_BLOCKS_EXAMPLES", examples)
            .stdin(Stdio::null())
            .output()
            .expect("bash runs");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    }
}

fn run_shell(block: &Block) {
    let sandbox = Sandbox::new();
    let (status, _, stderr) = sandbox.run(&script(block));
    assert_eq!(
        status,
        Some(0),
        "{}: the block failed:\n{}\nstderr:\n{stderr}",
        block.place(),
        block.text
    );
}

/// `$ COMMAND` lines, each followed by the output it must print.
fn run_console(block: &Block) {
    let sandbox = Sandbox::new();
    let mut commands: Vec<(String, String)> = Vec::new();
    for line in block.text.lines() {
        match line.strip_prefix("$ ") {
            Some(command) => commands.push((command.to_string(), String::new())),
            None => {
                let (_, expected) = commands
                    .last_mut()
                    .unwrap_or_else(|| panic!("{}: output before any `$ ` command", block.place()));
                expected.push_str(line);
                expected.push('\n');
            }
        }
    }
    assert!(!commands.is_empty(), "{}: no `$ ` command", block.place());
    for (command, expected) in commands {
        let (status, stdout, stderr) = sandbox.run(&format!("{CARGO_MAPPING}{command}\n"));
        assert_eq!(
            status,
            Some(0),
            "{}: `{command}` failed:\n{stderr}",
            block.place()
        );
        assert_eq!(
            stdout,
            expected,
            "{}: `{command}` prints other lines than the document shows",
            block.place()
        );
    }
}

/// `NAME = { path = "../dlx-solver/DIR" }`: DIR is this repository's crate NAME.
fn check_toml(block: &Block) {
    let mut dependencies = 0;
    for line in block.text.lines() {
        let Some((name, rest)) = line.split_once(" = { path = \"") else {
            continue;
        };
        let path = rest.split('"').next().unwrap();
        let inside = path
            .strip_prefix("../dlx-solver/")
            .unwrap_or_else(|| panic!("{}: {path} is not under ../dlx-solver/", block.place()));
        let manifest = read(&format!("{inside}/Cargo.toml"));
        assert!(
            manifest
                .lines()
                .any(|l| l.trim() == format!("name = \"{}\"", name.trim())),
            "{}: {inside}/Cargo.toml is not the crate {name}",
            block.place()
        );
        dependencies += 1;
    }
    assert!(
        dependencies > 0,
        "{}: no path dependency in the block",
        block.place()
    );
}

/// Checks every block of one document; returns the blocks not run, with their reasons.
fn check_document(document: &str) -> Vec<String> {
    let found = blocks(document);
    let mut not_run = Vec::new();
    for block in &found {
        if let Some(reason) = &block.not_run {
            assert!(
                !reason.is_empty(),
                "{}: `not run` without a reason",
                block.place()
            );
            not_run.push(format!("{}: {reason}", block.place()));
            continue;
        }
        match block.language.as_str() {
            "sh" => run_shell(block),
            "console" => run_console(block),
            "rust" => assert!(
                read(RUST_DOCTESTS).contains(&format!("include_str!(\"../../../{document}\")")),
                "{}: a Rust block, but {RUST_DOCTESTS} does not include {document} as doc tests",
                block.place()
            ),
            "python" => assert!(
                read(PYTHON_TESTS).contains(&format!("\"{document}\"")),
                "{}: a Python block, but {PYTHON_TESTS} does not list {document}",
                block.place()
            ),
            "toml" => check_toml(block),
            "text" => {}
            other => panic!(
                "{}: a block in `{other}`: give it a language this test runs \
                 (sh, console, rust, python, toml) or `text`",
                block.place()
            ),
        }
    }
    for line in &not_run {
        eprintln!("doc_blocks: not run: {line}");
    }
    not_run
}

#[test]
fn every_document_a_user_reads_is_checked() {
    let mut on_disk: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    on_disk.sort();
    for path in on_disk {
        let relative = path.strip_prefix(root()).unwrap().to_str().unwrap();
        assert!(
            DOCUMENTS.contains(&relative),
            "{relative} is not in doc_blocks' DOCUMENTS"
        );
    }
}

#[test]
fn the_readme_blocks_run() {
    let not_run = check_document("README.md");
    // The README's sh blocks run, the recipes for other machines aside, and the installs of
    // the wheel and the page, which .ci/python.sh and .ci/web.sh run.
    assert!(not_run.len() <= 3, "{not_run:?}");
    assert!(blocks("README.md").iter().any(|b| b.language == "sh"));
}

#[test]
fn the_python_readme_blocks_run() {
    check_document("python/README.md");
}

#[test]
fn the_cli_guide_blocks_run() {
    check_document("docs/cli.md");
}

#[test]
fn the_library_guide_blocks_run() {
    check_document("docs/library.md");
}

#[test]
fn the_other_documents_blocks_run() {
    for document in [
        "docs/benchmarks.md",
        "docs/design.md",
        "docs/engine.md",
        "fuzz/README.md",
    ] {
        check_document(document);
    }
}
