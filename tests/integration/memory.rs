//! Large inputs of many short options: the memory a run takes for each byte of its input, on
//! every engine and on two threads, and a split search that finds its whole tree above the cut
//! searching it once, with no copy of its state a thread.

use dlx_engine::{Cells, ChoiceRule, Dlx, Problem, SearchRequest, Shard};
use std::io::Write;
use std::ops::ControlFlow;

/// A problem of `options` one-item options (`a`) and one secondary item: a solution each, all
/// one level down.
fn one_item_options(options: usize) -> String {
    let mut text = String::with_capacity(6 + 2 * options);
    text.push_str("a | b\n");
    for _ in 0..options {
        text.push_str("a\n");
    }
    text
}

/// `dlx args` run to its end, and its peak resident memory in bytes: the high-water mark of
/// its own address space (`VmHWM`), read while it runs. (`wait4`'s `ru_maxrss` will not do:
/// it counts the pages the child shared with this test process before its `exec`, which
/// other tests running beside it make large.)
fn peak_memory(args: &[&str]) -> (std::process::ExitStatus, String, String, u64) {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dlx binary runs");
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0u64;
    let status = loop {
        // The mark only rises, and reading it after `exec` sees the program's own.
        if let Ok(text) = std::fs::read_to_string(&status_file) {
            let kib = text
                .lines()
                .find_map(|line| line.strip_prefix("VmHWM:"))
                .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok());
            peak = peak.max(kib.unwrap_or(0) * 1024);
        }
        if let Some(status) = child.try_wait().expect("the child is waited for") {
            break status;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    };
    let (mut out, mut err) = (String::new(), String::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status, out, err, peak)
}

/// The attack's finding: `dlx xc` on a file of one-item options took about 50 bytes of memory
/// a byte of input on dancing cells (and twice that on two threads, then aborted). The bound
/// is 24 bytes a byte, on every engine, on two threads.
#[test]
fn a_file_of_one_item_options_takes_at_most_24_bytes_of_memory_a_byte_on_every_engine() {
    let options = 5_000_000;
    let text = one_item_options(options);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one-item-options.dlx");
    std::fs::File::create(&path)
        .and_then(|mut file| file.write_all(text.as_bytes()))
        .unwrap();
    let path = path.to_str().unwrap();
    let bytes = text.len() as u64;
    for engine in [
        &["--engine", "links", "--threads", "2"][..],
        &["--engine", "cells", "--threads", "2"],
        &["--engine", "auto", "--threads", "2", "--limit", "3"],
        &["--memo"],
    ] {
        let mut args = vec!["xc", "--count", path];
        args.extend_from_slice(engine);
        let (status, out, err, peak) = peak_memory(&args);
        assert_eq!(status.code(), Some(0), "{engine:?}: {err}");
        let want = if engine.contains(&"--limit") {
            "3+\n".to_string()
        } else {
            format!("{options}\n")
        };
        assert_eq!(out, want, "{engine:?}");
        assert!(
            peak <= 24 * bytes,
            "{engine:?}: {peak} bytes of memory for {bytes} bytes of input ({:.1} a byte)",
            peak as f64 / bytes as f64
        );
    }
}

/// A million one-level solutions on two threads cloned the whole state of dancing cells for
/// each of them (time quadratic in the input, and deaf to signals meanwhile): now a split
/// search whose tree lies above the cut searches it once, on the caller's copy.
#[test]
fn a_tree_whole_above_the_cut_is_searched_with_no_subtree() {
    let text = one_item_options(20_000);
    let problem = Problem::parse(&text).unwrap();
    let settings = SearchRequest {
        rule: ChoiceRule::Mrv,
        max_solutions: None,
        shard: Shard::WHOLE,
        min_subtrees: SearchRequest::subtrees_for(1),
        count_only: true,
        ..SearchRequest::default()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let never = || false;
    let mut none = |_: &[dlx_engine::OptionId]| ControlFlow::<()>::Continue(());
    let links = pool.install(|| Dlx::new(&problem).search_split(settings, &never, &mut none));
    let cells = pool.install(|| Cells::new(&problem).search_split(settings, &never, &mut none));
    for (engine, report) in [("links", links), ("cells", cells)] {
        assert_eq!(report.outcome.stats.solutions, 20_000, "{engine}");
        assert_eq!((report.subtrees, report.searched), (0, 0), "{engine}");
    }
    // The same for 30,000 options that each give their own secondary item a colour.
    let mut text = String::from("a |");
    for i in 0..30_000 {
        text.push_str(&format!(" s{i}"));
    }
    text.push('\n');
    for i in 0..30_000 {
        text.push_str(&format!("a s{i}:A\n"));
    }
    let problem = Problem::parse(&text).unwrap();
    let cells = pool.install(|| Cells::new(&problem).search_split(settings, &never, &mut none));
    assert_eq!(cells.outcome.stats.solutions, 30_000);
    assert_eq!((cells.subtrees, cells.searched), (0, 0));
    // And the signal is heard: a raised stop request ends the search at once.
    let raised = || true;
    let stopped = pool.install(|| {
        Cells::new(&Problem::parse(&one_item_options(20_000)).unwrap())
            .search_split(settings, &raised, &mut none)
    });
    assert_eq!(stopped.outcome.stop, dlx_engine::Stop::Interrupted);
    assert!(stopped.outcome.stats.solutions < 20_000);
}

/// Running out of memory aborted (exit 134); it is an error now, with its message and the
/// exit code of every other error.
#[test]
fn running_out_of_memory_is_an_error_with_exit_2_never_an_abort() {
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};
    let text = one_item_options(2_000_000);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one-item-options.dlx");
    std::fs::write(&path, &text).unwrap();
    for threads in ["1", "2"] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_dlx"));
        command
            .args(["xc", "--count", "--threads", threads])
            .arg(&path)
            .stdin(Stdio::null());
        // SAFETY: setrlimit is async-signal-safe, and the closure touches nothing else.
        unsafe {
            command.pre_exec(|| {
                // Room for the program and its threads, not for the problem's arena.
                let limit = libc::rlimit {
                    rlim_cur: 96 << 20,
                    rlim_max: 96 << 20,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            });
        }
        let out = command.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--threads {threads}: {err}");
        assert!(err.starts_with("dlx: out of memory"), "{err}");
        assert!(out.stdout.is_empty());
    }
}
