_companion_completion() {
    local IFS=$'\n'
    COMPREPLY=( $( env _COMPANION_COMPLETE_ARGS="${COMP_LINE:0:COMP_POINT}" \
                   _COMPANION_COMPLETE_WORD="${COMP_WORDS[COMP_CWORD]}" \
                   _COMPANION_COMPLETE=complete_bash "$1" 2>/dev/null ) )
    # `NAME=` (log's scores) goes on with the number, not a space
    [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
    return 0
}

complete -o default -F _companion_completion companion
